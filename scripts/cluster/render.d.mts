export const DEPLOY: string;
export const TEMPLATES: string[];
type Values = Record<string, string | number>;
export function render(template: string, values: Values, instances?: Values[]): string;
export function placeholders(template: string): string[];
export function renderTemplate(name: string, values: Values, instances?: Values[]): string;
export function parseEnvFile(text: string): Record<string, string>;
