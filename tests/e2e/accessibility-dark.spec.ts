import { describeAxeScans } from './axe-scans';

// The dark theme's scans: only the rules colours change (see axe-scans.ts); the light theme's file runs
// every rule, in the other worker.
describeAxeScans('dark');
