'use client'

import { useState, type ReactNode } from 'react'
import { cookieStorage, createPortico, type Endpoints, type PorticoInitialState } from 'portico'
import { PorticoProvider } from 'portico/react'
import { config } from '../portico.config'

type ProvidersProps = {
  /** What the visitor's cookie says (read by the layout, on the server). */
  initialState: PorticoInitialState | undefined
  endpoints: Partial<Endpoints> | undefined
  children: ReactNode
}

/**
 * One Portico instance per request on the server and one per page in the browser
 * (useState, not module scope: a server's module is shared by every visitor). It keeps
 * its state in a cookie, which the layout reads on the next request.
 */
export function Providers({ initialState, endpoints, children }: ProvidersProps) {
  const [portico] = useState(() => createPortico({ ...config, ...(endpoints ? { endpoints } : {}) }, { storage: cookieStorage, initialState }))
  return <PorticoProvider portico={portico}>{children}</PorticoProvider>
}
