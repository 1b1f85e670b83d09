import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import { type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fetchWalletImages } from './fetchWalletImages'
import { loadWalletRegistryFile } from './walletExplorerListing'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>')

describe('fetchWalletImages', () => {
  let dir: string
  let logos: Server
  let base: string
  const requests: string[] = []
  beforeAll(async () => {
    // A local stand-in for the Explorer's logo endpoint: /md/<id> and /sm/<id>.
    logos = createServer((request, response) => {
      requests.push(request.url ?? '')
      const path = new URL(request.url ?? '/', 'http://x').pathname
      if (path === '/md/a0000000-0000-0000-0000-00000000000a') return void response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PNG)
      if (path === '/sm/b0000000-0000-0000-0000-00000000000b') return void response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG)
      if (path === '/md/d0000000-0000-0000-0000-00000000000d') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>no</html>')
      response.writeHead(404).end()
    })
    await new Promise<void>((done) => logos.listen(0, '127.0.0.1', done))
    base = `http://127.0.0.1:${(logos.address() as AddressInfo).port}`
    dir = mkdtempSync(join(tmpdir(), 'portico-wallet-images-'))
  })
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true })
    logos.closeAllConnections()
    await new Promise((done) => logos.close(done))
  })

  const entry = (letter: string, imageUrl: Record<string, string | null> | null) => {
    const id = letter.repeat(64)
    return [id, { id, name: `Wallet ${letter.toUpperCase()}`, chains: ['eip155:1'], image_id: `${letter}0000000-0000-0000-0000-00000000000${letter}`, image_url: imageUrl }] as const
  }

  it('writes each image beside the listing by its bytes, and the server then serves it', async () => {
    const file = join(dir, 'listings.json')
    writeFileSync(
      file,
      JSON.stringify({
        listings: Object.fromEntries([
          entry('a', { sm: `${base}/sm/a0000000-0000-0000-0000-00000000000a`, md: `${base}/md/a0000000-0000-0000-0000-00000000000a`, lg: null }),
          // No md: the next size is taken.
          entry('b', { sm: `${base}/sm/b0000000-0000-0000-0000-00000000000b`, md: null, lg: null }),
          entry('c', { sm: null, md: `${base}/md/c0000000-0000-0000-0000-00000000000c`, lg: null }),
          entry('d', { sm: null, md: `${base}/md/d0000000-0000-0000-0000-00000000000d`, lg: null }),
          entry('e', null),
        ]),
      }),
    )
    const result = await fetchWalletImages({ listingFile: file, projectId: 'p1' })
    expect(result.written.sort()).toEqual([join(dir, 'images', 'a0000000-0000-0000-0000-00000000000a.png'), join(dir, 'images', 'b0000000-0000-0000-0000-00000000000b.svg')])
    expect(result.failed).toEqual({
      'c0000000-0000-0000-0000-00000000000c': 'HTTP 404',
      'd0000000-0000-0000-0000-00000000000d': 'not an SVG, PNG, WebP or JPEG image',
      'e0000000-0000-0000-0000-00000000000e': 'no image_url',
    })
    expect(requests).toContain('/md/a0000000-0000-0000-0000-00000000000a?projectId=p1')
    expect(readFileSync(join(dir, 'images', 'a0000000-0000-0000-0000-00000000000a.png'))).toEqual(PNG)
    expect(loadWalletRegistryFile(file).images).toEqual({ files: 2, monograms: 3 })

    // A second run keeps what is there and asks only for the rest.
    requests.length = 0
    const again = await fetchWalletImages({ listingFile: file })
    expect(again).toMatchObject({ written: [], kept: 2 })
    expect(requests.sort()).toEqual(['/md/c0000000-0000-0000-0000-00000000000c', '/md/d0000000-0000-0000-0000-00000000000d'])
    expect(existsSync(join(dir, 'images', 'd0000000-0000-0000-0000-00000000000d.svg'))).toBe(false)
  })
})
