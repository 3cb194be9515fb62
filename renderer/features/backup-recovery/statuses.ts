import type { StatusTone } from '../../components/ui/StatusBadge';

/** The badge of each status: a tone and words (never colour alone). */
export const JOB_STATUS: Record<string, [StatusTone, string]> = {
  active: ['ok', 'Active'],
  paused: ['neutral', 'Paused'],
};
export const RUN_STATUS: Record<string, [StatusTone, string]> = {
  running: ['info', 'Running'],
  success: ['ok', 'Success'],
  failed: ['critical', 'Failed'],
  partial: ['warning', 'Partial'],
};
export const STORAGE_STATUS: Record<string, [StatusTone, string]> = {
  online: ['ok', 'Online'],
  offline: ['critical', 'Offline'],
  maintenance: ['warning', 'Maintenance'],
  error: ['critical', 'Error'],
};
export const VERIFICATION: Record<string, [StatusTone, string]> = {
  verified: ['ok', 'Verified'],
  pending: ['neutral', 'Pending'],
  failed: ['critical', 'Failed'],
};
