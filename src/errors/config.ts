import { PorticoError, type PorticoErrorParameters } from './base'

/** Raised by `createPortico` when the configuration cannot work. */
export class ConfigError extends PorticoError {
  override name = 'ConfigError'
}

/** SPEC §5: setting both siweConfig and siwx is an error. */
export class SiweAndSiwxConflictError extends ConfigError {
  override name = 'SiweAndSiwxConflictError'
  constructor(parameters: PorticoErrorParameters = {}) {
    super(
      { key: 'siweAndSiwxConflict' },
      {
        details: 'siweConfig is the older form of siwx; Portico accepts one sign-in configuration.',
        code: 'config/siwe-siwx-conflict',
        ...parameters,
      },
    )
  }
}
