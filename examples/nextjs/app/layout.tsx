import type { ReactNode } from 'react'
import { headers } from 'next/headers'
import { cookieToInitialState } from 'portico'
import 'portico/styles.css'
import { config, endpointsFromEnv } from '../portico.config'
import { Providers } from './providers'

export const metadata = { title: 'Portico on Next.js' }

/**
 * A server component: it reads Portico's cookie from the request, so the page is
 * rendered with the visitor's last connection (shown as "Reconnecting…") and the
 * browser's first render matches it.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const initialState = cookieToInitialState(config, (await headers()).get('cookie'))
  return (
    <html lang="en">
      <body>
        <Providers initialState={initialState} endpoints={endpointsFromEnv()}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
