import { parseDocument } from 'htmlparser2';
import { findOne } from 'domutils';
import type { Element } from 'domhandler';

/** The first `<table>` of an HTML string, as the engine hands it to the reader. */
export function tableElement(html: string): Element {
  const dom = parseDocument(html, { decodeEntities: true });
  const el = findOne((e) => e.name === 'table', dom.children, true);
  if (!el) throw new Error('no table in fixture');
  return el;
}

/** The currency table of the MixRAG paper: 2013 / 2012 over Buy / Sell, currencies down the side. */
export const CURRENCY_HTML = `
<table>
  <caption>Foreign currency   forward contracts</caption>
  <thead>
    <tr><th rowspan="2">Currency</th><th colspan="2">2013</th><th colspan="2">2012</th></tr>
    <tr><th>Buy</th><th>Sell</th><th>Buy</th><th>Sell</th></tr>
  </thead>
  <tbody>
    <tr><th scope="row">Euro</th><td>3.2</td><td>1.1</td><td>2.9</td><td>0.8</td></tr>
    <tr><th scope="row">Mexican <b>peso</b></th><td>11.2</td><td>none</td><td>10.9</td><td>0.4</td></tr>
    <tr><th scope="row">Total</th><td>14.4</td><td>1.1</td><td>13.8</td><td>1.2</td></tr>
  </tbody>
</table>`;
