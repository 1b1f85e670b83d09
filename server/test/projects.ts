import { type ProjectConfig } from '../projects'

/** Projects the route tests run against: one with analytics, one without. */
export const TEST_PROJECTS: ProjectConfig[] = [
  {
    id: 'shop',
    allowedOrigins: ['https://shop.example', 'https://*.shop.example', 'http://localhost:*'],
    analyticsEnabled: true,
  },
  { id: 'quiet', allowedOrigins: ['https://quiet.example'], analyticsEnabled: false },
]
