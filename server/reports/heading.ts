/** What a report's file says about it besides its figures (cover, summary sheet, mail). */
export interface ReportHeading {
  name: string;
  description: string;
  type: string;
  platformName: string;
  timezone: string;
  /** In the platform's timezone, 'YYYY-MM-DD HH:mm'. */
  generatedAt: string;
  createdBy: string;
  organization: string;
  plan: string;
}
