export { createSmartSessions, porticoSmartSessions, type CreateSmartSessionsParameters, type SmartSessionDapp, type SmartSessions } from './createSmartSessions'
