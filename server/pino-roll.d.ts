// pino-roll 4 ships no types: the part of its API the loggers use (see its README).
declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom';
  import type { SonicBoomOpts } from 'sonic-boom';

  export interface PinoRollOptions extends Omit<SonicBoomOpts, 'dest'> {
    file: string | (() => string);
    size?: number | string;
    frequency?: number | 'daily' | 'hourly';
    extension?: string;
    symlink?: boolean;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    dateFormat?: string;
  }

  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>;
}
