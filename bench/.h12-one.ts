import { measureAlerting } from './alerting';
const results = await measureAlerting();
for (const r of results) console.log(`${r.name}: ${r.value} ${r.unit} (${r.detail ?? ''})`);
