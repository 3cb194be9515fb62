/** What a report's file says about it besides its figures (cover, summary sheet, mail). */
export interface ReportHeading {
  name: string;
  description: string;
  type: string;
  platformName: string;
  /** The platform's timezone as the settings name it ('Eastern'), and its IANA zone (dates are written in it). */
  timezone: string;
  timeZone: string;
  /** In the platform's timezone, as people read it: '27 Feb 2026, 14:05'. */
  generatedAt: string;
  createdBy: string;
  organization: string;
  plan: string;
}
