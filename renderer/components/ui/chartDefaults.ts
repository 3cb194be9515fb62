/**
 * What every chart of the console draws the same way (issue 26): axis ticks, the grid, the margin and the
 * tooltip, in the theme's colours so that both themes read them. Spread into recharts' elements.
 */
export const AXIS = { fontSize: 11, fill: 'var(--muted)' } as const;

export const GRID = { strokeDasharray: '3 3', vertical: false, stroke: 'var(--line)' } as const;

export const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 } as const;

export const TOOLTIP = {
  contentStyle: { background: 'var(--surface)', borderColor: 'var(--line)', color: 'var(--fg)' },
} as const;
