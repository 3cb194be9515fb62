import type { SystemRoleId } from '../../shared/permissions';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'demo-Console-2026';

export interface DemoUser {
  id: string;
  email: string;
  name: string;
  role: SystemRoleId;
}

/** One account per system role. Fixed ids keep the dataset deterministic for tests and later seeds. */
export const DEMO_USERS = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'admin@demo.example',
    name: 'Avery Admin',
    role: 'super_admin',
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'owner@demo.example',
    name: 'Olivia Owner',
    role: 'app_owner',
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    email: 'director@demo.example',
    name: 'Dana Director',
    role: 'center_admin',
  },
  {
    id: '00000000-0000-4000-8000-000000000004',
    email: 'teacher@demo.example',
    name: 'Theo Teacher',
    role: 'teacher',
  },
  {
    id: '00000000-0000-4000-8000-000000000005',
    email: 'parent@demo.example',
    name: 'Parker Parent',
    role: 'parent',
  },
  {
    id: '00000000-0000-4000-8000-000000000006',
    email: 'staff@demo.example',
    name: 'Sam Staff',
    role: 'staff',
  },
] as const satisfies readonly DemoUser[];

export type DemoEmail = (typeof DEMO_USERS)[number]['email'];
