// The local EVM chain stack: anvil nodes, the test token, and the networks pointing at them.
export { startLocalChain, type LocalChain, type LocalChainOptions } from './localChain'
export { devAccounts, DEV_MNEMONIC, DEV_PRIVATE_KEYS, DEV_ACCOUNT_BALANCE_ETH, type DevAccount } from './devAccounts'
export { deployTestToken, TEST_TOKEN_AMOUNT_EACH, TEST_TOKEN_DECIMALS, TEST_TOKEN_NAME, TEST_TOKEN_SYMBOL } from './testToken'
export type { TestToken, DeployTestTokenOptions } from './testToken'
export { deployTestNft, TEST_NFT_NAME, TEST_NFT_SYMBOL, type TestNft, type DeployTestNftOptions } from './testNft'
export { startDevChains, localNetwork, DEV_CHAIN_IDS } from './devChains'
export type { DevChain, DevChains } from './devChains'
export { anvilBinaryPath } from './anvil'
