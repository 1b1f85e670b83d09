/**
 * Signs a user in on one device of an auth test server the way the secure page does
 * (approving the device by code first when the user is known elsewhere), and answers
 * calls bound to that session: its token, device id and client address.
 */
import { randomUUID } from 'node:crypto'
import { type AuthTestServer } from './authServer'
import { type HttpResult } from './http'

export interface DeviceSession {
  user: Record<string, unknown>
  deviceId: string
  token: string
  /** POST with the session, `?projectId=shop` appended. */
  post(path: string, body: unknown): Promise<HttpResult>
  /** GET with the session, `projectId=shop` appended. */
  get(path: string): Promise<HttpResult>
}

/**
 * @example
 * const phone = await loginOnDevice(server, 'a@example.com', { ip: '10.0.0.1' })
 * await phone.get('/auth/v1/devices')
 */
export async function loginOnDevice(server: AuthTestServer, email: string, { ip, deviceId = randomUUID(), userAgent }: { ip: string; deviceId?: string; userAgent?: string }): Promise<DeviceSession> {
  const headers = { 'x-forwarded-for': ip, ...(userAgent === undefined ? {} : { 'user-agent': userAgent }) }
  const started = await server.post('/auth/v1/email/start', { projectId: 'shop', email, deviceId }, headers)
  if ((started.body as { action: string }).action === 'VERIFY_DEVICE') {
    const approved = await server.post('/auth/v1/device/verify', { projectId: 'shop', email, deviceId, otp: server.latestCode(email) }, headers)
    if (approved.status !== 200) throw new Error(`device approval answered ${approved.status}`)
  }
  const verified = await server.post('/auth/v1/email/verify', { projectId: 'shop', email, deviceId, otp: server.latestCode(email) }, headers)
  if (verified.status !== 200) throw new Error(`login answered ${verified.status}: ${JSON.stringify(verified.body)}`)
  const { user, session } = verified.body as { user: Record<string, unknown>; session: { token: string } }
  const auth = { authorization: `Bearer ${session.token}`, 'x-portico-device': deviceId, 'x-forwarded-for': ip }
  return {
    user,
    deviceId,
    token: session.token,
    post: (path, body) => server.post(`${path}?projectId=shop`, body, auth),
    get: (path) => server.get(`${path}${path.includes('?') ? '&' : '?'}projectId=shop`, auth),
  }
}
