"""The comparison report's stylesheet, inline in its HTML, and the hash a server's Content-Security-Policy
names to let exactly this style apply where it serves the report (regola.serve.guards): no other inline
style is allowed. A module of its own, so the server reads the hash without the simulation's imports."""

from __future__ import annotations

import base64
import hashlib

__all__ = ["CSS", "CSS_SOURCE"]

CSS = """body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}h3{margin-top:1.6em}p.note{color:#555}p.warning{background:#fff3cd;padding:.5em .8em;
border-left:4px solid #e0a800}table{border-collapse:collapse;font-size:13px;margin:1em 0;display:block;
overflow-x:auto}th,td{border:1px solid #ccc;padding:3px 6px;text-align:right;white-space:nowrap}
td:first-child,th:first-child,td:nth-child(2),th:nth-child(2){text-align:left}tr.sig{background:#fff3e0}
figure{margin:1.5em 0}img{max-width:100%;border:1px solid #eee}figcaption{font-size:13px;color:#555}
pre{background:#f4f4f4;padding:.6em;overflow-x:auto}section#verdict-section p{max-width:60em}
@media (max-width:640px){body{margin:1em auto}table,tbody,tr,td{display:block}table{overflow:visible}
tr:first-child{display:none}tr{border:1px solid #ccc;margin:.6em 0;padding:.2em .4em}
td{border:0;text-align:left!important;white-space:normal;padding:1px 0}
td::before{content:attr(data-label) ": ";color:#555}pre{white-space:pre-wrap;overflow-wrap:anywhere}
li,p,figcaption{overflow-wrap:anywhere}img{height:auto}figure{margin:1em 0}}"""

#: the CSP source of the stylesheet above: ``'sha256-…'``
CSS_SOURCE = "'sha256-" + base64.b64encode(hashlib.sha256(CSS.encode("utf-8")).digest()).decode("ascii") + "'"
