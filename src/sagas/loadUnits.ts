/** Loads viem's `formatUnits` / `parseUnits` (see units.ts for why they load late). */
export const loadUnits = () => import('./units')

export type Units = Awaited<ReturnType<typeof loadUnits>>
