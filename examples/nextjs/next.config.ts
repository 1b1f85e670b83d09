import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  poweredByHeader: false,
}

export default nextConfig
