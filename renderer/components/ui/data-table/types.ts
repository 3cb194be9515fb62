import type { ReactNode } from 'react';

/** A column as a screen declares it: what the header says and how a row fills the cell. */
export interface DataColumn<T> {
  id: string;
  header: string;
  /** The header is still named for assistive technology, only not shown (e.g. an icon column). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** Sorts on the client by this value; a column with neither this nor `sortable` does not sort. */
  sortValue?: (row: T) => string | number;
  /** Sorts on the server: the column only reports the sort state (with `manualSorting`). */
  sortable?: boolean;
  /** Figures are right-aligned. */
  numeric?: boolean;
  /** This column's cell names the row (role=rowheader). */
  rowHeader?: boolean;
  /** A CSS grid track; the default shares the width equally. */
  width?: string;
  className?: string;
}

/** The one sort of a table (part 2 §2: one column at a time). */
export interface SortState {
  id: string;
  desc: boolean;
}

/** The actions at the end of each row, under one header. */
export interface RowActions<T> {
  header: string;
  hideHeader?: boolean;
  width?: string;
  render: (row: T) => ReactNode;
}

/** Controlled selection by row id: the caller holds the ids and hears every change. */
export interface RowSelection<T> {
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** Names a row's checkbox: 'Select <label>'. */
  rowLabel: (row: T) => string;
}

/** Only the rows in view are in the DOM; the body scrolls within `maxHeight`. */
export interface VirtualOptions {
  rowHeight: number;
  maxHeight: string;
  overscan?: number;
  /** Rows before the end at which `onEndReached` asks for more. */
  prefetchRows?: number;
}
