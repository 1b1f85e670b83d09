/**
 * The alerts of SPEC §8: conditions shown in the modal's alert bar rather than thrown
 * at the dapp. The store keeps only the id; views look the text up here (or in the
 * dapp's replaced catalogue).
 */
export const Alerts = {
  networkNotFound: { shortMessage: 'Network Not Found', longMessage: 'The requested network is not configured for this app.' },
  invalidAppConfiguration: { shortMessage: 'Invalid App Configuration', longMessage: 'This origin is not on the project allow list.' },
  embeddedWalletLoadFailed: { shortMessage: 'Network Error - Could not load embedded wallet', longMessage: 'Check your connection and try again.' },
  embeddedWalletRequestTimedOut: { shortMessage: 'Embedded Wallet Request Timed Out', longMessage: 'The embedded wallet did not answer in time.' },
  sessionExpired: { shortMessage: 'Session Expired', longMessage: 'Sign in again to continue.' },
  invalidProjectId: { shortMessage: 'Invalid Project ID', longMessage: 'The project id is not recognised by the configured services.' },
  projectIdNotConfigured: { shortMessage: 'Project ID Not Configured', longMessage: 'Pass a projectId to createPortico.' },
  unverifiedDomain: { shortMessage: 'unverified domain', longMessage: 'This domain has not been verified for the project.' },
} as const satisfies Record<string, { shortMessage: string; longMessage: string }>

export type AlertId = keyof typeof Alerts
