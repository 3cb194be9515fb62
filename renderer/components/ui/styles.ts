/** Class lists shared by every form of the console. */
export const INPUT_CLASS =
  'mt-1 block w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg shadow-sm focus:ring-2 focus:ring-ring focus:outline-none';
