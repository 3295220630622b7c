import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/*
 * A loopback HTTP server standing in for an image host, for the tests of `--images`.
 */

/** How the host answers a path. */
export interface HostRoute {
  status?: number;
  type?: string;
  body?: Buffer | string;
  headers?: Record<string, string>;
  /** Never answers. */
  hang?: boolean;
}

/** A host on 127.0.0.1 answering each path from `routes` (404 otherwise), with what it was asked. */
export async function imageHost(routes: Map<string, HostRoute | (() => HostRoute)>) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? "";
    requests.push(path);
    const found = routes.get(path);
    const route = typeof found === "function" ? found() : (found ?? { status: 404 });
    if (route.hang) return;
    response.writeHead(route.status ?? 200, {
      ...(route.type && { "content-type": route.type }),
      ...route.headers,
    });
    response.end(route.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin, authority: new URL(origin).host, requests };
}

/** A picture of one colour in `format`, made by sharp. */
export function picture(
  format: "png" | "jpeg" | "gif" | "webp",
  width = 40,
  height = 30,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#0a58ad" } })
    .toFormat(format)
    .toBuffer();
}
