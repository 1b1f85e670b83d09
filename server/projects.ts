/**
 * Projects the server answers for. A dapp identifies itself with `projectId` on
 * every call (SPEC §7); the project says which browser origins may use it and
 * whether its analytics are kept. Projects are configuration, not data: they are
 * read at start (PORTICO_PROJECTS) and held in memory.
 */
import { readFileSync } from 'node:fs'
import Ajv, { type JSONSchemaType } from 'ajv'
import { compileOriginPatterns, originPatternProblem } from '../src/shared/originMatch'
import { DEV_SPONSORSHIP_POLICY, parseSponsorshipPolicy, type SponsorshipPolicy } from './accountAbstraction/sponsorshipPolicy'

export interface ProjectConfig {
  id: string
  /** Origin patterns, `*` wildcards allowed (src/shared/originMatch.ts; docs/security.md, "Origin allow lists"). */
  allowedOrigins: string[]
  analyticsEnabled: boolean
  /** Gas sponsorship through the server's paymaster (accountAbstraction/sponsorshipPolicy.ts); none when undefined. */
  sponsorship?: SponsorshipPolicy
}

export interface Project extends Readonly<ProjectConfig> {
  isOriginAllowed(origin: string): boolean
}

export interface ProjectRegistry {
  get(id: string): Project | undefined
  list(): readonly Project[]
}

/** Letters, digits, `-` and `_`: safe in query strings, logs and file names. */
export const PROJECT_ID_PATTERN = '^[A-Za-z0-9_-]{1,128}$'

/** The project `npm start` and the demo use when nothing else is configured. */
export const DEV_PROJECT_ID = 'portico-dev'

/**
 * @example
 * devProject({ analyticsEnabled: true })
 * // { id: 'portico-dev', allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'], analyticsEnabled: true, sponsorship: DEV_SPONSORSHIP_POLICY }
 */
export function devProject({ analyticsEnabled }: { analyticsEnabled: boolean }): ProjectConfig {
  return { id: DEV_PROJECT_ID, allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'], analyticsEnabled, sponsorship: DEV_SPONSORSHIP_POLICY }
}

export class InvalidProjectsConfigError extends Error {
  override name = 'InvalidProjectsConfigError'
}

/**
 * Indexes projects by id; rejects duplicate ids and malformed origin patterns.
 *
 * @example
 * const projects = createProjectRegistry([devProject({ analyticsEnabled: false })])
 * projects.get('portico-dev')?.isOriginAllowed('http://localhost:5173') // true
 */
export function createProjectRegistry(configs: readonly ProjectConfig[]): ProjectRegistry {
  const byId = new Map<string, Project>()
  for (const config of configs) {
    if (!new RegExp(PROJECT_ID_PATTERN).test(config.id)) throw new InvalidProjectsConfigError(`Project id '${config.id}' must match ${PROJECT_ID_PATTERN}`)
    if (byId.has(config.id)) throw new InvalidProjectsConfigError(`Project id '${config.id}' is configured twice`)
    let isOriginAllowed: (origin: string) => boolean
    try {
      isOriginAllowed = compileOriginPatterns(config.allowedOrigins)
    } catch (error) {
      throw new InvalidProjectsConfigError(`Project '${config.id}': ${(error as Error).message}`, { cause: error })
    }
    byId.set(config.id, Object.freeze({ ...config, allowedOrigins: [...config.allowedOrigins], isOriginAllowed }))
  }
  const all = [...byId.values()]
  return { get: (id) => byId.get(id), list: () => all }
}

interface ProjectInput {
  id: string
  allowedOrigins: string[]
  analyticsEnabled?: boolean
  sponsorship?: object
}

const projectsSchema: JSONSchemaType<ProjectInput[]> = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'allowedOrigins'],
    properties: {
      id: { type: 'string', pattern: PROJECT_ID_PATTERN },
      allowedOrigins: { type: 'array', items: { type: 'string' } },
      analyticsEnabled: { type: 'boolean', nullable: true },
      // Read by parseSponsorshipPolicy, which names the field at fault.
      sponsorship: { type: 'object', nullable: true, required: [] },
    },
  },
}

const validateProjects = new Ajv({ allErrors: true }).compile(projectsSchema)

export interface ReadProjectsOptions {
  /** For projects that do not say (ANALYTICS_ENABLED). */
  analyticsEnabled: boolean
  readFile?: (path: string) => string
}

/**
 * Reads PORTICO_PROJECTS: inline JSON (it starts with `[`) or the path of a JSON
 * file, holding `[{ "id", "allowedOrigins", "analyticsEnabled"?, "sponsorship"? }]`. Unset or
 * empty gives the dev project alone.
 *
 * @example
 * readProjectsConfig('[{"id":"shop","allowedOrigins":["https://shop.example"]}]', { analyticsEnabled: true })
 * readProjectsConfig('./projects.json', { analyticsEnabled: false })
 */
export function readProjectsConfig(value: string | undefined, options: ReadProjectsOptions): ProjectConfig[] {
  const trimmed = value?.trim() ?? ''
  if (trimmed === '') return [devProject(options)]
  const source = trimmed.startsWith('[') || trimmed.startsWith('{') ? 'PORTICO_PROJECTS' : `PORTICO_PROJECTS file '${trimmed}'`
  let text = trimmed
  if (source !== 'PORTICO_PROJECTS') {
    try {
      text = (options.readFile ?? ((path) => readFileSync(path, 'utf8')))(trimmed)
    } catch (error) {
      throw new InvalidProjectsConfigError(`Cannot read ${source}: ${(error as Error).message}`, { cause: error })
    }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new InvalidProjectsConfigError(`${source} is not valid JSON: ${(error as Error).message}`, { cause: error })
  }
  if (!validateProjects(parsed)) {
    const problems = (validateProjects.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`)
    throw new InvalidProjectsConfigError(`${source} must be a non-empty array of { id, allowedOrigins, analyticsEnabled? }:\n- ${problems.join('\n- ')}`)
  }
  const patternProblems = parsed.flatMap((project, index) =>
    project.allowedOrigins.flatMap((pattern, at) => {
      const problem = originPatternProblem(pattern)
      return problem === undefined ? [] : [`/${index}/allowedOrigins/${at} '${pattern.slice(0, 100)}': ${problem}`]
    }),
  )
  if (patternProblems.length > 0) throw new InvalidProjectsConfigError(`${source} has allowedOrigins that are not origin patterns:\n- ${patternProblems.join('\n- ')}`)
  return parsed.map((project, index) => {
    let sponsorship: SponsorshipPolicy | undefined
    try {
      sponsorship = project.sponsorship === undefined ? undefined : parseSponsorshipPolicy(project.sponsorship)
    } catch (error) {
      throw new InvalidProjectsConfigError(`${source}: /${index}/${(error as Error).message}`, { cause: error })
    }
    return {
      id: project.id,
      allowedOrigins: project.allowedOrigins,
      analyticsEnabled: project.analyticsEnabled ?? options.analyticsEnabled,
      ...(sponsorship === undefined ? {} : { sponsorship }),
    }
  })
}
