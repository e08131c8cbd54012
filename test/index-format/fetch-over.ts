/** A fetch over files held in memory under `http://site.test/idx/`, logging each name asked for. */
export function fetchOver(files: Map<string, Uint8Array>, log: string[] = []): typeof fetch {
  return (async (input: string | URL | Request) => {
    const name = new URL(String(input instanceof Request ? input.url : input)).pathname.replace(/^\/idx\//, '');
    log.push(name);
    const b = files.get(name);
    return b ? new Response(b.slice()) : new Response('', { status: 404 });
  }) as typeof fetch;
}
