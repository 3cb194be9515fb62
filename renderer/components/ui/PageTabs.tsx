import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface PageTab {
  name: string;
  panel: ReactNode;
}

/** The tab strip of a screen and its panels. */
export function PageTabs({ tabs }: { tabs: readonly PageTab[] }) {
  return (
    <TabGroup>
      <TabList className="flex flex-wrap gap-1 border-b border-line">
        {tabs.map((tab) => (
          <Tab
            key={tab.name}
            className={clsx(
              '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted outline-none',
              'hover:text-fg data-focus:ring-2 data-focus:ring-ring data-selected:border-accent data-selected:text-fg',
            )}
          >
            {tab.name}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-6">
        {tabs.map((tab) => (
          <TabPanel key={tab.name}>{tab.panel}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
