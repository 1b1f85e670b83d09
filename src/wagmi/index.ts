/**
 * `portico/wagmi`: Portico as a wagmi connector. Needs `wagmi` (or `@wagmi/core`) and
 * viem, optional peer dependencies of `portico` that a dapp without wagmi never installs.
 */
export { porticoConnector, type PorticoConnectorParameters } from './porticoConnector'
