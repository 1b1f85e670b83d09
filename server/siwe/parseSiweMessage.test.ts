import fc from 'fast-check'
import { createSiweMessage } from 'viem/siwe'
import { parseSiweMessage, type SiweMessagePart } from './parseSiweMessage'

const ADDRESS = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const TAIL = ['Resources:', '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/', '- https://example.com/my-web2-claim.json']

/** The EIP's examples: implicit scheme, implicit scheme with a port, explicit scheme. */
function eipExample(firstLine = 'example.com wants you to sign in with your Ethereum account:'): string[] {
  return [
    firstLine,
    ADDRESS,
    '',
    'I accept the ExampleOrg Terms of Service: https://example.com/tos',
    '',
    'URI: https://example.com/login',
    'Version: 1',
    'Chain ID: 1',
    'Nonce: 32891756',
    'Issued At: 2021-09-30T16:25:24Z',
    ...TAIL,
  ]
}

const lines = (...parts: string[]) => parts.join('\n')
const refused = (message: string, part: SiweMessagePart) => {
  const result = parseSiweMessage(message)
  expect(result).toMatchObject({ ok: false, part })
  return result.ok ? '' : result.reason
}
/** The EIP example with line `index` replaced (or removed, with `undefined`). */
const withLine = (index: number, line: string | undefined) => {
  const message = eipExample()
  if (line === undefined) message.splice(index, 1)
  else message[index] = line
  return message.join('\n')
}

describe('parseSiweMessage: the EIP-4361 examples parse', () => {
  it('implicit scheme', () => {
    expect(parseSiweMessage(eipExample().join('\n'))).toEqual({
      ok: true,
      fields: {
        domain: 'example.com',
        address: ADDRESS,
        statement: 'I accept the ExampleOrg Terms of Service: https://example.com/tos',
        uri: 'https://example.com/login',
        version: '1',
        chainId: 1,
        nonce: '32891756',
        issuedAt: new Date('2021-09-30T16:25:24Z'),
        resources: ['ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/', 'https://example.com/my-web2-claim.json'],
      },
    })
  })

  it('implicit scheme with an explicit port', () => {
    expect(parseSiweMessage(eipExample('example.com:3388 wants you to sign in with your Ethereum account:').join('\n'))).toMatchObject({ ok: true, fields: { domain: 'example.com:3388' } })
  })

  it('explicit scheme', () => {
    const result = parseSiweMessage(eipExample('https://example.com wants you to sign in with your Ethereum account:').join('\n'))
    expect(result).toMatchObject({ ok: true, fields: { scheme: 'https', domain: 'example.com' } })
  })

  it('every optional field, in order; no statement is two empty lines', () => {
    const message = lines(
      'localhost:5173 wants you to sign in with your Ethereum account:',
      ADDRESS,
      '',
      '',
      'URI: http://localhost:5173',
      'Version: 1',
      'Chain ID: 10',
      'Nonce: abcDEF123456',
      'Issued At: 2030-01-01T00:00:00.123+01:00',
      'Expiration Time: 2030-01-01T01:00:00Z',
      'Not Before: 2029-12-31T23:00:00Z',
      "Request ID: req-1:a@b!$&'()*+,;=",
      'Resources:',
    )
    expect(parseSiweMessage(message)).toEqual({
      ok: true,
      fields: {
        domain: 'localhost:5173',
        address: ADDRESS,
        uri: 'http://localhost:5173',
        version: '1',
        chainId: 10,
        nonce: 'abcDEF123456',
        issuedAt: new Date('2029-12-31T23:00:00.123Z'),
        expirationTime: new Date('2030-01-01T01:00:00Z'),
        notBefore: new Date('2029-12-31T23:00:00Z'),
        requestId: "req-1:a@b!$&'()*+,;=",
        resources: [],
      },
    })
  })

  it('an empty statement still has its own empty line', () => {
    const message = eipExample()
    message[3] = ''
    expect(parseSiweMessage(message.join('\n'))).toMatchObject({ ok: true, fields: { statement: '' } })
  })

  it.each([
    ['an IPv4 host', '127.0.0.1:8080'],
    ['an IPv6 host', '[::1]:5173'],
    ['an IPv6 host with an embedded IPv4', '[2001:db8::ffff:192.0.2.1]'],
  ])('the domain may be %s', (_what, domain) => {
    expect(parseSiweMessage(eipExample(`${domain} wants you to sign in with your Ethereum account:`).join('\n'))).toMatchObject({ ok: true, fields: { domain } })
  })

  it("viem's createSiweMessage output parses, with and without the optional fields", () => {
    const base = { address: ADDRESS, chainId: 1, domain: 'shop.example', uri: 'https://shop.example/login', version: '1', nonce: 'a1b2c3d4e5', issuedAt: new Date('2030-01-01T00:00:00Z') } as const
    expect(parseSiweMessage(createSiweMessage(base))).toMatchObject({ ok: true })
    const full = createSiweMessage({
      ...base,
      scheme: 'https',
      statement: 'Sign in to Shop',
      expirationTime: new Date('2030-01-02T00:00:00Z'),
      notBefore: new Date('2030-01-01T00:00:00Z'),
      requestId: 'r1',
      resources: ['https://shop.example/terms'],
    })
    expect(parseSiweMessage(full)).toMatchObject({ ok: true, fields: { scheme: 'https', statement: 'Sign in to Shop', requestId: 'r1', resources: ['https://shop.example/terms'] } })
  })
})

describe('parseSiweMessage: what EIP-4361 refuses', () => {
  it('fields out of order: Expiration Time after Not Before', () => {
    const message = lines(...eipExample().slice(0, 10), 'Not Before: 2021-09-30T16:25:24Z', 'Expiration Time: 2021-10-30T16:25:24Z')
    expect(refused(message, 'end')).toMatch(/line 12 .* is out of place/)
  })

  it('fields out of order: Resources before Request ID, Version after Chain ID, a field twice', () => {
    refused(lines(...eipExample(), 'Request ID: 1'), 'resources')
    const swapped = eipExample()
    ;[swapped[6], swapped[7]] = [swapped[7]!, swapped[6]!]
    refused(swapped.join('\n'), 'version')
    refused(lines(...eipExample().slice(0, 10), 'Expiration Time: 2021-10-30T16:25:24Z', 'Expiration Time: 2021-10-30T16:25:24Z'), 'end')
  })

  it.each([
    ['all lower case', ADDRESS.toLowerCase()],
    ['all upper case', `0x${ADDRESS.slice(2).toUpperCase()}`],
    ['one letter flipped', ADDRESS.replace('C02a', 'c02a')],
  ])('an address that is not EIP-55 checksummed (%s)', (_what, address) => {
    expect(refused(withLine(1, address), 'address')).toContain(ADDRESS)
  })

  it.each(['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc', `${ADDRESS}0`, 'C02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', ` ${ADDRESS}`])('a malformed address (%s)', (address) => {
    refused(withLine(1, address), 'address')
  })

  it.each([
    'Sep 30 2021 16:25:24 GMT',
    '2021-09-30 16:25:24Z',
    '2021-09-30T16:25:24',
    '2021-09-30',
    '1633019124',
    '2021-02-29T00:00:00Z',
    '2021-13-01T00:00:00Z',
    '2021-09-30T24:00:00Z',
    '2021-09-30T16:60:00Z',
    '2021-09-30T16:25:24+0100',
    '2021-09-30T16:25:24.Z',
    '+002021-09-30T16:25:24Z',
  ])('an Issued At that is not an RFC 3339 date-time (%s)', (issuedAt) => {
    expect(refused(withLine(9, `Issued At: ${issuedAt}`), 'issuedAt')).toMatch(/RFC 3339/)
  })

  it('RFC 3339 edge cases that are valid: lower-case t and z, a leap day, an offset, a long fraction', () => {
    expect(parseSiweMessage(withLine(9, 'Issued At: 2024-02-29t23:59:59.123456z'))).toMatchObject({ ok: true, fields: { issuedAt: new Date('2024-02-29T23:59:59.123Z') } })
    expect(parseSiweMessage(withLine(9, 'Issued At: 2021-09-30T18:25:24-02:00'))).toMatchObject({ ok: true, fields: { issuedAt: new Date('2021-09-30T20:25:24Z') } })
  })

  it('Expiration Time and Not Before must be RFC 3339 too', () => {
    refused(lines(...eipExample().slice(0, 10), 'Expiration Time: tomorrow'), 'expirationTime')
    refused(lines(...eipExample().slice(0, 10), 'Not Before: 2021-09-30'), 'notBefore')
  })

  it('a statement with a line break', () => {
    const message = eipExample()
    message.splice(3, 1, 'I accept the Terms', 'of Service')
    expect(refused(message.join('\n'), 'statement')).toMatch(/one line/)
  })

  it.each(['Café terms', 'a "quoted" word', 'a <tag>', '100%', 'tab\there', 'back`tick', 'a {brace}', 'a|b', 'trailing CR\r'])(
    'a statement with characters outside reserved / unreserved / space (%s)',
    (statement) => {
      refused(withLine(3, statement), 'statement')
    },
  )

  it('no statement with only one empty line (the shape EIP-4361 does not allow)', () => {
    const message = eipExample()
    message.splice(3, 2)
    expect(refused(message.join('\n'), 'statement')).toMatch(/two empty lines/)
  })

  it.each(['not a uri', 'https://example.com/a b', '/relative/path', 'https://exa mple.com', 'https://[::1', 'https://example.com/%zz', '1http://example.com'])(
    'resources that are not RFC 3986 URIs (%s)',
    (resource) => {
      expect(refused(lines(...eipExample(), `- ${resource}`), 'resources')).toMatch(/RFC 3986 URI/)
    },
  )

  it('a resources line without its "- " prefix, or text after "Resources:"', () => {
    refused(lines(...eipExample(), 'https://example.com/more'), 'resources')
    refused(withLine(10, 'Resources: https://example.com'), 'resources')
  })

  it.each(['https://example.com/a b', 'example.com/login', ''])('a URI that is not an RFC 3986 URI (%s)', (uri) => {
    refused(withLine(5, `URI: ${uri}`), 'uri')
  })

  it.each(['1234567', 'abc-defgh', '12345678 ', ''])('a nonce that is not 8 or more letters and digits (%s)', (nonce) => {
    expect(refused(withLine(8, `Nonce: ${nonce}`), 'nonce')).toMatch(/at least 8 letters and digits/)
  })

  it.each(['0', '01', '-1', '1.0', '0x1', '9007199254740993', ''])('a chain id that is not a canonical positive EIP-155 id (%s)', (chainId) => {
    refused(withLine(7, `Chain ID: ${chainId}`), 'chainId')
  })

  it.each(['Version: 2', 'Version: 1 ', 'version: 1'])('a version other than "Version: 1" (%s)', (version) => {
    refused(withLine(6, version), 'version')
  })

  it.each([
    ['no domain line', 'wants you to sign in with your Ethereum account:'],
    ['a domain with a path', 'example.com/login wants you to sign in with your Ethereum account:'],
    ['another wording', 'example.com wants you to sign in with your account:'],
    ['a bad scheme', '1https://example.com wants you to sign in with your Ethereum account:'],
  ])('a header with %s', (_what, header) => {
    refused(withLine(0, header), 'header')
  })

  it('CRLF line endings, a trailing line break, and a missing Issued At', () => {
    refused(eipExample().join('\r\n'), 'header')
    refused(`${eipExample().join('\n')}\n`, 'resources')
    refused(lines(...eipExample().slice(0, 9)), 'issuedAt')
    refused(lines(...eipExample().slice(0, 10), '', 'Expiration Time: 2021-10-30T16:25:24Z'), 'end')
  })

  it('quotes at most 80 characters of a bad line, escaped', () => {
    const reason = refused(withLine(9, `Issued At: ${'x'.repeat(500)}\u0000`), 'issuedAt')
    expect(reason.length).toBeLessThan(200)
    expect(refused(withLine(9, 'Issued At: \u0007'), 'issuedAt')).toContain("'\\u0007'")
  })

  it('stays fast on hostile input', () => {
    const started = performance.now()
    parseSiweMessage(lines(...eipExample().slice(0, 5), `URI: https://${'a:'.repeat(4000)}`))
    parseSiweMessage(lines(...eipExample(), `- https://${'%41'.repeat(2500)}@`))
    parseSiweMessage(`${'a'.repeat(8000)} wants you to sign in with your Ethereum account`)
    expect(performance.now() - started).toBeLessThan(500)
  })
})

describe('parseSiweMessage: properties', () => {
  it('reads back whatever viem writes from valid fields', () => {
    const statementChar = fc.constantFrom(..."aZ09 :/?#[]@!$&'()*+,;=-._~".split(''))
    const date = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms))
    fc.assert(
      fc.property(
        fc.record({
          statement: fc.option(fc.string({ unit: statementChar, minLength: 1, maxLength: 40 }), { nil: undefined }),
          nonce: fc.string({ unit: fc.constantFrom(...'abcXYZ0189'.split('')), minLength: 8, maxLength: 32 }),
          chainId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
          issuedAt: date,
          expirationTime: fc.option(date, { nil: undefined }),
          notBefore: fc.option(date, { nil: undefined }),
        }),
        (input) => {
          const message = createSiweMessage({ address: ADDRESS, domain: 'shop.example', uri: 'https://shop.example/login', version: '1', ...input })
          const parsed = parseSiweMessage(message)
          expect(parsed).toMatchObject({ ok: true, fields: { chainId: input.chainId, nonce: input.nonce, issuedAt: input.issuedAt } })
          if (parsed.ok) {
            expect(parsed.fields.statement).toBe(input.statement)
            expect(parsed.fields.expirationTime).toEqual(input.expirationTime)
            expect(parsed.fields.notBefore).toEqual(input.notBefore)
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  it('never throws, whatever the text', () => {
    const lineOf = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...eipExample(), 'Expiration Time: 2021-09-30T16:25:24Z', ''))
    fc.assert(
      fc.property(fc.array(lineOf, { maxLength: 16 }), (parts) => {
        expect(typeof parseSiweMessage(parts.join('\n')).ok).toBe('boolean')
      }),
      { numRuns: 1000 },
    )
  })
})
