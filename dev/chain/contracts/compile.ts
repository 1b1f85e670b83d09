// Regenerates the `<Contract>.artifact.ts` files from their Solidity sources with solc-js
// (the `solc` devDependency, pinned below), so nothing at run time needs a compiler:
//
//   npx tsx dev/chain/contracts/compile.ts [--check]
//
// `--check` compiles and fails when a committed artifact differs, instead of writing.
// To add a contract, add its `.sol` file here and a line to CONTRACTS. Imports resolve
// against this folder first, then node_modules (`solady/src/...`, `@openzeppelin/...`),
// and a CONTRACTS source may itself be a package path (`@account-abstraction/...`).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string; sourceLocation?: { file: string } }[]
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>
}
type Solc = { version(): string; compile(input: string, callbacks?: { import(path: string): { contents: string } | { error: string } }): string }
type ContractEntry = {
  source: string
  contract: string
  exportPrefix: string
  /** Also export `<prefix>DeployedBytecode`, the runtime code (for eth_call state overrides). */
  deployedBytecode?: boolean
  /** Where the artifact goes, from the repository root, when not beside this file. */
  outDir?: string
  /** Another EVM version than {@link EVM_VERSION}, for sources whose imports need a later one. */
  evmVersion?: string
}

/** Source file, contract name, and the prefix of the exported `<prefix>Abi` / `<prefix>Bytecode`. */
const CONTRACTS: readonly ContractEntry[] = [
  { source: 'PorticoTestToken.sol', contract: 'PorticoTestToken', exportPrefix: 'porticoTestToken' },
  { source: 'PorticoTestNft.sol', contract: 'PorticoTestNft', exportPrefix: 'porticoTestNft' },
  { source: 'PorticoPool.sol', contract: 'PorticoPool', exportPrefix: 'porticoPool' },
  // ERC-4337 (dev/chain/accountAbstraction.ts): EntryPoint v0.7 as published, and the smart
  // account and its factory. (The bundler, Alto, brings its own simulation contracts.)
  { source: '@account-abstraction/contracts/core/EntryPoint.sol', contract: 'EntryPoint', exportPrefix: 'entryPoint' },
  { source: 'PorticoSmartAccount.sol', contract: 'PorticoSmartAccount', exportPrefix: 'porticoSmartAccount' },
  { source: 'PorticoAccountFactory.sol', contract: 'PorticoAccountFactory', exportPrefix: 'porticoAccountFactory' },
  // Gas sponsorship (dev/chain/paymaster.ts): eth-infinitism's VerifyingPaymaster sample as published.
  // cancun: the installed @openzeppelin/contracts (5.x) that its ECDSA import resolves to uses mcopy.
  { source: '@account-abstraction/contracts/samples/VerifyingPaymaster.sol', contract: 'VerifyingPaymaster', exportPrefix: 'verifyingPaymaster', evmVersion: 'cancun' },
]

const EXPECTED_VERSION = '0.8.37'
/** `paris` (no PUSH0) so the contracts also deploy on chains that lag behind on hardforks. */
const EVM_VERSION = 'paris'

function main() {
  const solc = require('solc') as Solc
  const version = solc.version()
  if (!version.startsWith(`${EXPECTED_VERSION}+`)) throw new Error(`solc ${EXPECTED_VERSION} expected, found ${version}`)
  const dir = __dirname
  const nodeModules = path.join(dir, '..', '..', '..', 'node_modules')
  const resolve = (source: string): { contents: string } | { error: string } => {
    for (const candidate of [path.join(dir, source), path.join(nodeModules, source)]) {
      if (existsSync(candidate)) return { contents: readFileSync(candidate, 'utf8') }
    }
    return { error: `${source} not found in ${dir} or ${nodeModules}` }
  }
  let stale = false
  for (const { source, contract: name, exportPrefix, deployedBytecode, outDir, evmVersion = EVM_VERSION } of CONTRACTS) {
    const resolved = resolve(source)
    if ('error' in resolved) throw new Error(resolved.error)
    const input = {
      language: 'Solidity',
      sources: { [source]: { content: resolved.contents } },
      settings: {
        optimizer: { enabled: true, runs: 200 },
        evmVersion,
        outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', ...(deployedBytecode ? ['evm.deployedBytecode.object'] : [])] } },
      },
    }
    const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolve })) as SolcOutput
    const problems = output.errors ?? []
    // Warnings about the packages' own sources (solady's deprecated comments) are theirs to fix.
    const ours = (file: string | undefined) => file === undefined || existsSync(path.join(dir, file))
    for (const problem of problems) if (problem.severity === 'error' || ours(problem.sourceLocation?.file)) console.error(problem.formattedMessage)
    if (problems.some((p) => p.severity === 'error')) throw new Error(`${source}: compilation failed`)
    const contract = output.contracts[source]?.[name]
    if (!contract) throw new Error(`${name} missing from the compiler output`)

    const artifact = [
      `// Generated by dev/chain/contracts/compile.ts from ${source}. Do not edit.`,
      `// Compiler: solc ${version}, optimizer on (200 runs), evmVersion ${evmVersion}.`,
      `export const compilerVersion = '${version}'`,
      `export const evmVersion = '${evmVersion}'`,
      '',
      `export const ${exportPrefix}Abi = ${JSON.stringify(contract.abi, null, 2)} as const`,
      '',
      `export const ${exportPrefix}Bytecode = '0x${contract.evm.bytecode.object}' as const`,
      '',
      ...(deployedBytecode ? [`export const ${exportPrefix}DeployedBytecode = '0x${contract.evm.deployedBytecode.object}' as const`, ''] : []),
    ].join('\n')
    const target = path.join(outDir === undefined ? dir : path.join(dir, '..', '..', '..', outDir), `${name}.artifact.ts`)
    if (process.argv.includes('--check')) {
      let current = ''
      try {
        current = readFileSync(target, 'utf8')
      } catch {
        // Missing counts as out of date.
      }
      if (current !== artifact) {
        console.error(`${target} is out of date: run without --check`)
        stale = true
      } else {
        console.log(`${target} matches ${source} (solc ${version})`)
      }
      continue
    }
    writeFileSync(target, artifact)
    console.log(`wrote ${target} (solc ${version})`)
  }
  if (stale) process.exitCode = 1
}

main()
