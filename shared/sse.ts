/** One Server-Sent Event as the parser hands it over. */
export interface SseEvent {
  /** `message` when the stream names none. */
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental `text/event-stream` parser (the WHATWG rules the alert stream uses): feed it text
 * chunks as they arrive, cut anywhere; it calls `onEvent` for each complete event. Comments and
 * `retry:` lines are skipped.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n'), ...(id ? { id } : {}) });
    event = '';
    data = [];
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  };

  return (chunk) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const text of lines) line(text);
  };
}
