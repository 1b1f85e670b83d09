/**
 * Secrets in query strings never reach the request log: the OAuth callback's `state` and
 * `code` (which the provider puts there) are redacted by the logger's serializer, checked
 * by capturing what the real server writes.
 */
import { createServer } from './app'
import { createMailbox } from './auth/mailer'
import { createKeyring, generateMasterKey } from './auth/masterKey'
import { redactUrl } from './logRedaction'
import { http, listen } from './test/http'
import { TEST_PROJECTS } from './test/projects'
import { tempSqliteFile } from './test/sqlite'

describe('redactUrl', () => {
  it('redacts the values of secret parameters and keeps the rest', () => {
    expect(redactUrl('/auth/v1/social/callback?state=abc&code=xyz&scope=openid')).toBe('/auth/v1/social/callback?state=[redacted]&code=[redacted]&scope=openid')
    expect(redactUrl('/x?State=a&CODE=b&token=c&otp=1&attemptToken=d')).toBe('/x?State=[redacted]&CODE=[redacted]&token=[redacted]&otp=[redacted]&attemptToken=[redacted]')
    expect(redactUrl('/x?st%61te=a')).toBe('/x?st%61te=[redacted]')
    expect(redactUrl('/x?%E0%A4%A=a')).toBe('/x?[redacted]')
    expect(redactUrl('/getWallets?projectId=shop&page=2')).toBe('/getWallets?projectId=shop&page=2')
    expect(redactUrl('/health')).toBe('/health')
  })
})

describe('the request log', () => {
  it('never holds the OAuth state or code of a callback, on any route', async () => {
    const sqlite = tempSqliteFile()
    const lines: string[] = []
    const app = createServer({
      database: { sqliteFile: sqlite.file },
      projects: TEST_PROJECTS,
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
      auth: {
        keyring: createKeyring(generateMasterKey()),
        mailer: createMailbox(),
        social: { providers: { google: { issuer: 'http://127.0.0.1:9', clientId: 'portico', clientSecret: 'secret' } }, callbackUrl: 'http://127.0.0.1:8787/auth/v1/social/callback' },
      },
    })
    try {
      const baseUrl = await listen(app)
      const state = `STATE${'s'.repeat(40)}`
      const code = `CODE${'c'.repeat(40)}`
      const callback = await http(baseUrl, `/auth/v1/social/callback?state=${state}&code=${code}`)
      expect(callback.status).toBe(400)
      expect((await http(baseUrl, `/no/such/route?code=${code}&token=${state}`)).status).toBe(404)
      const log = lines.join('')
      // The requests were logged…
      expect(log).toContain('/auth/v1/social/callback?state=[redacted]&code=[redacted]')
      expect(log).toContain('/no/such/route?code=[redacted]&token=[redacted]')
      // …and neither secret was, anywhere.
      expect(log).not.toContain(state)
      expect(log).not.toContain(code)
    } finally {
      await app.close()
      sqlite.remove()
    }
  })
})
