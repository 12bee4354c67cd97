/**
 * The inspector page's style. The page fills the window without scrolling it: the machines on the
 * left and the panels on the right scroll on their own, so bringing a state into view never moves
 * the header with its controls out of it.
 */
export const INSPECTOR_CSS = `
html, body { height: 100%; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #222; display: flex; flex-direction: column; overflow: hidden; }
header { padding: .6rem 1rem; border-bottom: 1px solid #ddd; background: #fafafa; flex: none; }
header h1 { font-size: 1.15rem; margin: 0 0 .2rem; overflow-wrap: anywhere; }
header .kind { font-weight: 600; text-transform: uppercase; font-size: 12px; letter-spacing: .05em; color: #555; }
header .verdict { font-weight: 600; }
header .verdict[data-status="fail"] { color: #b71c1c; } header .verdict[data-status="pass"] { color: #1b5e20; }
.controls { display: flex; gap: .5rem; align-items: center; margin-top: .4rem; flex-wrap: wrap; }
.controls button { font-size: 1rem; padding: .15rem .7rem; }
#step-label { font-family: ui-monospace, monospace; font-size: 13px; }
main { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(0, 1fr) 27rem; gap: .75rem; padding: .75rem; }
#diagram { overflow: auto; min-height: 0; border: 1px solid #ddd; background: #fff; }
section.machine { border-bottom: 1px solid #eee; }
section.machine[hidden] { display: none; }
button.fold { display: block; width: 100%; text-align: left; background: #fff; border: 0; padding: .3rem .6rem; font: inherit; cursor: pointer;
  position: sticky; top: 0; z-index: 1;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
button.fold:hover { background: #f3f6fb; }
button.fold .twisty { display: inline-block; width: 1em; color: #555; }
button.fold .machine-name { font-weight: 600; }
button.fold .machine-state { font-family: ui-monospace, monospace; font-size: 13px; color: #333; margin-left: .5rem; }
button.fold .moved { font-size: 12px; color: #1565c0; margin-left: .5rem; }
section.machine.current > button.fold { background: #fff8e1; }
section.machine .drawing { display: none; overflow: auto; max-height: calc(100vh - 12rem); padding: .25rem; }
section.machine.open .drawing { display: block; }
.drawing svg { display: block; max-width: none; height: auto; }
svg g.node.active path, svg g.node.active polygon, svg g.node.active ellipse { fill: #ffd54f; stroke: #e65100; stroke-width: 2.5; }
svg g.cluster.active > path, svg g.cluster.active > polygon { stroke: #e65100; stroke-width: 2.5; }
svg g.edge.taken-now path { stroke: #1565c0; stroke-width: 3; }
svg g.edge.taken-now polygon { fill: #1565c0; stroke: #1565c0; }
svg g.taken-now text { fill: #1565c0; font-weight: bold; }
aside { overflow: auto; min-height: 0; }
aside section { margin-bottom: .9rem; }
aside h2 { font-size: .9rem; margin: 0 0 .25rem; text-transform: uppercase; letter-spacing: .04em; color: #555; }
pre { background: #f5f5f5; padding: .5rem; overflow: auto; max-height: 14rem; margin: 0; font-size: 12px; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
td, th { border-bottom: 1px solid #eee; padding: .15rem .4rem; text-align: left; word-break: break-all; }
ul { margin: 0; padding-left: 1.2rem; }
li.none, tr.none td { color: #888; }
li.finding { margin-bottom: .3rem; } li.finding.error { color: #b71c1c; } li.finding.warning { color: #8d6e00; }
li.finding .note { color: #555; font-style: italic; }
code { font-family: ui-monospace, monospace; font-size: 12px; }
#steps { max-height: 15rem; overflow: auto; font-family: ui-monospace, monospace; font-size: 12px; margin: 0; padding: 0; list-style: none; border: 1px solid #eee; }
#steps li { cursor: pointer; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; padding: .05rem .3rem; }
#steps li.current { background: #ffd54f; }
#steps li .place { color: #666; }
#steps li .dir { color: #555; }
#steps li .name { font-weight: 600; }
#steps li .mark.error { color: #b71c1c; font-weight: 600; } #steps li .mark.warning { color: #8d6e00; }
#taken { font-family: ui-monospace, monospace; font-size: 11px; word-break: break-all; }
#extensions code.item { font-size: 11px; word-break: break-all; }
@media (max-width: 60rem) {
  body { overflow: auto; height: auto; display: block; }
  main { grid-template-columns: minmax(0, 1fr); }
  #diagram, aside { overflow: visible; }
}
`;
