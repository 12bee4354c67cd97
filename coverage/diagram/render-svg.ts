import type { Viz } from '@viz-js/viz';

let viz: Promise<Viz> | undefined;

/**
 * Renders DOT to SVG offline with Graphviz compiled to WebAssembly. The module is imported on
 * first use only, so commands that draw nothing never load it.
 */
export async function renderSvg(dot: string): Promise<string> {
  viz ??= import('@viz-js/viz').then((m) => m.instance());
  return (await viz).renderString(dot, { format: 'svg', engine: 'dot' });
}

/** The `<svg>` element alone, without the XML prolog and doctype, for inlining into HTML. */
export function inlineSvg(svg: string): string {
  const start = svg.indexOf('<svg');
  return start < 0 ? svg : svg.slice(start).trim();
}
