export interface UploadFile {
  name: string;
  data: Uint8Array;
  /** MIME type; defaults to application/octet-stream. */
  type?: string;
}

/** Multipart uploads are streamed in pieces of this size; each piece pulled moves the progress. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The form (`file` plus text fields) encoded once by the platform's FormData, then streamed in
 * chunks so the caller learns how much has been handed to the socket (fetch has no upload progress).
 * Pulls follow the socket's back-pressure, so the percent tracks what was really sent.
 */
export async function multipartBody(
  file: UploadFile,
  fields: Record<string, string>,
  onProgress?: (percent: number) => void,
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
    file.name,
  );
  const encoded = new Response(form);
  const contentType = encoded.headers.get('content-type') ?? 'multipart/form-data';
  const bytes = new Uint8Array(await encoded.arrayBuffer());

  let offset = 0;
  let reported = -1;
  const report = () => {
    const percent = bytes.length === 0 ? 100 : Math.round((offset / bytes.length) * 100);
    if (percent !== reported) {
      reported = percent;
      onProgress?.(percent);
    }
  };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        report();
        controller.close();
        return;
      }
      const end = Math.min(offset + CHUNK_BYTES, bytes.length);
      controller.enqueue(bytes.subarray(offset, end));
      offset = end;
      report();
    },
  });
  return { body, contentType };
}
