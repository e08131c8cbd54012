import * as chrono from 'chrono-node';
const ref = new Date(Date.UTC(2026,0,1));
for (const s of ['as of June 3, 2016','from Jun 1981 to Oct 1983','after 5 december 2016','in May 2016','between May and June 2016','five years ago','last year','this decade','Dec . 5 , 2016','during 1916-1920 ,','the 1990s','as of December 01, 1971', 'in 1997']) {
  const r = chrono.parse(s, ref, {forwardDate:false});
  console.log(s, JSON.stringify(r.map(x=>({t:x.text,i:x.index,s:x.start.date().toISOString(),k:x.start.knownValues,e:x.end?.date().toISOString()}))));
}
const t0=performance.now(); for(let i=0;i<1000;i++) chrono.parse('In 1796 , John Laird , a wealthy merchant , lived in the house on 5 May 1800 and later', ref); console.log('ms/parse', (performance.now()-t0)/1000);
