/** An ajv error, as the standalone code reports it. */
export type GeneratedValidationError = {
  instancePath: string
  schemaPath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

/** The shape of each function in `validators.generated.js`. */
export type GeneratedValidator = {
  (data: unknown): boolean
  errors?: GeneratedValidationError[] | null
}
