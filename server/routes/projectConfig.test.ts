import { http } from '../test/http'
import { setupTestServer } from '../test/server'

const server = setupTestServer()

describe('GET /projects/v1/origins', () => {
  it("answers the project's origin patterns, wildcards as configured", async () => {
    const response = await http(server.baseUrl, '/projects/v1/origins?projectId=shop&st=portico&sv=0.1.0')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ allowedOrigins: ['https://shop.example', 'https://*.shop.example', 'http://localhost:*'] })
  })

  it('is readable from any origin, so a dapp on an unlisted origin can tell it is not listed', async () => {
    const response = await http(server.baseUrl, '/projects/v1/origins?projectId=quiet', { headers: { origin: 'https://not-listed.example' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.body).toEqual({ allowedOrigins: ['https://quiet.example'] })
  })
})

describe('GET /getAnalyticsConfig', () => {
  it('says whether analytics is enabled for the project', async () => {
    expect((await http(server.baseUrl, '/getAnalyticsConfig?projectId=shop')).body).toEqual({ isAnalyticsEnabled: true })
    expect((await http(server.baseUrl, '/getAnalyticsConfig?projectId=quiet')).body).toEqual({ isAnalyticsEnabled: false })
  })

  it('is readable only from allowed origins', async () => {
    const allowed = await http(server.baseUrl, '/getAnalyticsConfig?projectId=quiet', { headers: { origin: 'https://quiet.example' } })
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://quiet.example')
    const refused = await http(server.baseUrl, '/getAnalyticsConfig?projectId=quiet', { headers: { origin: 'https://shop.example' } })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
  })
})
