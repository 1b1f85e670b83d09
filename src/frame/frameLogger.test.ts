import { createFrameLogger } from './frameLogger'

describe('createFrameLogger', () => {
  const lines: [string, string][] = []
  const sink = (level: string, message: string) => void lines.push([level, message])
  afterEach(() => {
    lines.length = 0
    jest.restoreAllMocks()
  })

  it("sends every line to the sink, an error's message with it, and nothing to the console by default", () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    const logger = createFrameLogger(sink, false)
    logger.warn?.('frame: ignored an invalid message', { instancePath: '/payload' })
    logger.error?.('frame: a subscriber threw', new Error('boom'))
    expect(lines).toEqual([
      ['warn', 'frame: ignored an invalid message'],
      ['error', 'frame: a subscriber threw: boom'],
    ])
    expect(warn).not.toHaveBeenCalled()
  })

  it('also prints to the console with enableFrameLogger', () => {
    const debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined)
    createFrameLogger(sink, true).debug?.('frame: ignored a reply to no pending request', 'GET_USER')
    expect(debug).toHaveBeenCalledWith('[portico frame] frame: ignored a reply to no pending request', 'GET_USER')
    expect(lines).toEqual([['debug', 'frame: ignored a reply to no pending request']])
  })
})
