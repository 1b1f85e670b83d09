'use client'

import { useState, type ReactNode } from 'react'
import { cookieStorage, createPortico, type PorticoInitialState } from 'portico'
import { PorticoProvider } from 'portico/react'
import { config } from '../portico.config'

/**
 * One Portico instance per request on the server and one per page in the browser
 * (useState, not module scope: a server's module is shared by every visitor). It keeps
 * its state in a cookie, which the layout reads on the next request.
 */
export function Providers({ initialState, children }: { initialState: PorticoInitialState | undefined; children: ReactNode }) {
  const [portico] = useState(() => createPortico(config, { storage: cookieStorage, initialState }))
  return <PorticoProvider portico={portico}>{children}</PorticoProvider>
}
