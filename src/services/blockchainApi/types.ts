/**
 * The Blockchain API wire shapes (SPEC §7), shared with the reference server: they live in
 * `src/shared/blockchainApi.ts`, the one place both sides may import (DESIGN.md).
 */
export type * from '../../shared/blockchainApi'
