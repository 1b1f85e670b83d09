// viem's unit conversions, in a module of their own so sagas can load them on first
// use: a static `import from 'viem'` anywhere in the first-load code pulls viem's shared
// chunks in with it (bench/sizeBudget.test.ts keeps them out).
export { formatUnits, parseUnits } from 'viem'
