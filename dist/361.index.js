export const id = 361;
export const ids = [361];
export const modules = {

/***/ 2589:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  af: () => (/* reexport */ CHECK_IDENTITY),
  MY: () => (/* reexport */ addDnsEvidence),
  B$: () => (/* reexport */ addressChange),
  uE: () => (/* reexport */ awsErrorType),
  $Q: () => (/* reexport */ diagnosis_text/* clip */.$Q),
  XT: () => (/* reexport */ commonAwsRemedies),
  h4: () => (/* reexport */ diagnose),
  Tg: () => (/* reexport */ diagnosis_text/* edgeNodeName */.Tg),
  w5: () => (/* reexport */ leaveApiPathEmpty),
  N4: () => (/* reexport */ note),
  xd: () => (/* reexport */ rateLimited),
  kA: () => (/* reexport */ readAwsRefusal),
  wE: () => (/* reexport */ route),
  g$: () => (/* reexport */ tooLarge),
  fz: () => (/* reexport */ diagnosis_text/* withoutFinalStop */.fz)
});

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
// EXTERNAL MODULE: ./src/http/headers.ts
var http_headers = __webpack_require__(9718);
// EXTERNAL MODULE: ./src/log/secrets.ts
var secrets = __webpack_require__(4367);
// EXTERNAL MODULE: ./src/diagnosis/text.ts
var diagnosis_text = __webpack_require__(6158);
;// CONCATENATED MODULE: ./src/diagnosis/body.ts



/**
 * The window every pattern of this module reads: markers sit near the start of a page, and
 * callers may hand over far longer bodies.
 */
const SCAN_LIMIT = 64 * 1024;
/**
 * Each name starts with a character `\s` cannot take and has a bounded length, so no two
 * quantifiers share an unbounded run of spaces: the scan stays linear in the page's length.
 */
const STOCK_PAGE_FOOTERS = [
    // nginx and the CDNs built on it: `<hr><center>nginx</center>`
    /<hr\s*\/?>\s*<center>\s*([^<\s][^<]{0,79}?)\s*<\/center>/i,
    // Apache: `<address>Apache/2.4.57 (Debian) Server at example.com Port 443</address>`
    /<address>\s*([^<\s][^<]{0,119}?)\s+Server at\b/i,
    /Proudly powered by (LiteSpeed Web Server)/i
];
const NAMED_ENTITIES = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: ' '
};
/** Some vendors write their pages' key phrases as entities (Akamai: `Reference&#32;&#35;18…`). */
function decodeEntities(html) {
    return html.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, (whole, name) => {
        if (!name.startsWith('#'))
            return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
        const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        // Cut off by the caller's cap, or not JSON after all: the prefix readers take over.
        return undefined;
    }
}
/**
 * A JSON object that ends the body after other text: PHP prints notices and warnings (plugins,
 * `WP_DEBUG_DISPLAY`) in front of WordPress's own JSON answer.
 */
function trailingObject(body) {
    const brace = body.indexOf('{');
    if (brace <= 0)
        return undefined;
    const parsed = parseJson(body.slice(brace).trim());
    return isObject(parsed) ? parsed : undefined;
}
function readPage(body, headers) {
    const start = body.slice(0, SCAN_LIMIT).trim();
    if (start === '')
        return { kind: 'empty', text: '' };
    if (/^[{[]/.test(start))
        return { kind: 'json', text: start, json: parseJson(body.trim()) };
    const type = (0,http_headers/* headerValue */.Z)(headers, 'content-type') ?? '';
    const trailing = trailingObject(body);
    const json = trailing ? { json: trailing } : {};
    if (start.startsWith('<') || /html/i.test(type)) {
        // Decoding may spell out a secret the page wrote as entities: redacted before it is cut.
        const text = (0,secrets/* redact */.E$)(decodeEntities(start));
        const title = /<title[^<>]*>([^<]{0,300})<\/title>/i.exec(text)?.[1];
        const footer = STOCK_PAGE_FOOTERS.map(pattern => pattern.exec(text)?.[1]).find(Boolean);
        return {
            kind: 'html',
            text,
            ...(title?.trim() ? { title: (0,diagnosis_text/* clip */.$Q)(title) } : {}),
            ...(footer ? { footer: (0,diagnosis_text/* clip */.$Q)(footer, 80) } : {}),
            ...json
        };
    }
    return /json/i.test(type)
        ? { kind: 'json', text: start, json: trailing ?? parseJson(body.trim()) }
        : { kind: 'text', text: start, ...json };
}
/** The application's words are quoted, never trusted whole: one line, bounded. */
const SAID_LIMIT = 300;
function body_text(value) {
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
/** Keys of Airflow's RFC 7807 problem bodies and FastAPI's `{"detail": …}` errors. */
const PROBLEM_KEYS = new Set(['detail', 'status', 'title', 'type', 'instance']);
const LOCATION_ROOTS = new Set(['body', 'query', 'path', 'header']);
/** FastAPI's `{"type","loc","msg","input"}`, e.g. `logical_date`: Input should have timezone info. */
function validationError(item) {
    if (!isObject(item))
        return undefined;
    const loc = Array.isArray(item.loc) ? item.loc.map(String) : [];
    const field = (LOCATION_ROOTS.has(loc[0] ?? '') ? loc.slice(1) : loc).join('.');
    const message = body_text(item.msg) ?? 'invalid';
    return field ? `${(0,diagnosis_text/* clip */.$Q)(field, 60)}: ${(0,diagnosis_text/* clip */.$Q)(message, 100)}` : (0,diagnosis_text/* clip */.$Q)(message, 100);
}
function fromObject(body) {
    const code = body_text(body.code);
    const message = body_text(body.message);
    if (code && message) {
        return {
            shape: `WordPress error JSON {code, message, data} with code \`${(0,diagnosis_text/* clip */.$Q)(code, 60)}\``,
            summary: (0,diagnosis_text/* withoutFinalStop */.fz)((0,diagnosis_text/* clip */.$Q)(`${code}: ${message}`)),
            said: (0,diagnosis_text/* withoutFinalStop */.fz)((0,diagnosis_text/* clip */.$Q)(message, SAID_LIMIT)),
            code: (0,diagnosis_text/* clip */.$Q)(code, 100)
        };
    }
    const dagRunId = body_text(body.dag_run_id);
    if (dagRunId) {
        return { shape: `dag run JSON with \`dag_run_id: ${(0,diagnosis_text/* clip */.$Q)(dagRunId, 80)}\``, dagRunId };
    }
    // Airflow's DAG (v1.yaml's DAG, Airflow 3's DAGResponse), as read before a trigger.
    const dagId = body_text(body.dag_id);
    if (dagId && typeof body.is_paused === 'boolean') {
        return { shape: `DAG JSON with \`dag_id: ${(0,diagnosis_text/* clip */.$Q)(dagId, 80)}\`` };
    }
    // Airflow's collections (DAGRunCollection, TaskInstanceCollection): a list and its count.
    for (const list of ['dag_runs', 'task_instances']) {
        if (Array.isArray(body[list]) && typeof body.total_entries === 'number') {
            return { shape: `Airflow's \`${list}\` list JSON (${body.total_entries} entries)` };
        }
    }
    if (typeof body.id === 'number' && (body_text(body.source_url) ?? body_text(body.media_type))) {
        return { shape: `WordPress media record JSON (id ${body.id})` };
    }
    if (!('detail' in body) || !Object.keys(body).every(key => PROBLEM_KEYS.has(key)))
        return undefined;
    const { detail } = body;
    if (Array.isArray(detail)) {
        const fields = detail.slice(0, 3).flatMap(item => validationError(item) ?? []);
        const said = fields.join('; ');
        return {
            shape: 'FastAPI validation JSON {"detail": [{loc, msg, …}]}',
            summary: said,
            said
        };
    }
    const title = body_text(body.title);
    const said = isObject(detail)
        ? [body_text(detail.reason), body_text(detail.message)].filter(Boolean).join(': ')
        : body_text(detail);
    const summary = [title, said].filter(Boolean).join(': ');
    return {
        shape: title && typeof body.status === 'number'
            ? `problem JSON {detail, status, title, type} titled \`${(0,diagnosis_text/* clip */.$Q)(title, 60)}\``
            : isObject(detail)
                ? 'JSON {"detail": {reason, message, …}} as Airflow 3 sends'
                : 'JSON {"detail": …} as Airflow 3 (FastAPI) sends',
        ...(summary ? { summary: (0,diagnosis_text/* withoutFinalStop */.fz)((0,diagnosis_text/* clip */.$Q)(summary)) } : {}),
        ...(said ? { said: (0,diagnosis_text/* withoutFinalStop */.fz)((0,diagnosis_text/* clip */.$Q)(said, SAID_LIMIT)) } : {})
    };
}
/** Bodies cut off by the caller's cap no longer parse; their first keys still tell the shape. */
function fromPrefix(start) {
    const dagRunId = /"dag_run_id"\s*:\s*"([^"\\]{1,250})"/.exec(start)?.[1];
    if (dagRunId)
        return fromObject({ dag_run_id: dagRunId });
    const code = /^\{\s*"code"\s*:\s*"([^"\\]{1,100})"\s*,\s*"message"\s*:/.exec(start)?.[1];
    if (code) {
        return {
            shape: `WordPress error JSON {code, message, data} with code \`${(0,diagnosis_text/* clip */.$Q)(code, 60)}\``,
            summary: (0,diagnosis_text/* clip */.$Q)(code),
            code
        };
    }
    if (/^\{\s*"id"\s*:\s*\d+/.test(start) && /"source_url"\s*:/.test(start)) {
        return { shape: 'WordPress media record JSON' };
    }
    if (/^\{\s*"detail"\s*:/.test(start))
        return { shape: 'JSON {"detail": …} as Airflow sends' };
    return undefined;
}
function readAppAnswer(page) {
    if (page.kind !== 'json') {
        const answer = isObject(page.json) ? fromObject(page.json) : undefined;
        return answer && { ...answer, shape: `${answer.shape}, after other text (a PHP notice?)` };
    }
    return isObject(page.json) ? fromObject(page.json) : fromPrefix(page.text);
}
/** The body as a JSON list, when it is one and complete; its items are still untrusted. */
function jsonList(page) {
    return page.kind === 'json' && Array.isArray(page.json) ? page.json : undefined;
}
/** The body as a JSON object, when it is one and complete; its fields are still untrusted. */
function jsonObject(page) {
    return isObject(page.json) ? page.json : undefined;
}
/**
 * The server's own words, whoever answered: the application's message, else an HTML page's title
 * or start, else the start of the body; undefined for an empty body.
 */
function serverWords(page, app) {
    if (app?.said)
        return app.said;
    if (page.kind === 'empty')
        return undefined;
    if (page.kind !== 'html')
        return (0,diagnosis_text/* withoutFinalStop */.fz)((0,diagnosis_text/* clip */.$Q)(page.text, SAID_LIMIT));
    // A page is never quoted as markup: its title, else its words.
    const words = page.title ?? (0,diagnosis_text/* clip */.$Q)(page.text.replace(/<[^>]*>?/g, ' '), SAID_LIMIT);
    return words ? (0,diagnosis_text/* withoutFinalStop */.fz)(words) : undefined;
}

;// CONCATENATED MODULE: ./src/diagnosis/fingerprints.ts
const HOSTINGER = {
    name: 'Hostinger CDN',
    ownerRules: false,
    stockPageFooter: /^nginx/i
};
const CLOUDFLARE = {
    name: 'Cloudflare',
    ownerRules: true,
    stockPageFooter: /^cloudflare/i
};
const CLOUDFRONT = {
    name: 'Amazon CloudFront',
    ownerRules: true,
    stockPageFooter: /cloudfront/i
};
const FASTLY = { name: 'Fastly', ownerRules: true, stockPageFooter: /fastly|varnish/i };
const AKAMAI = { name: 'Akamai', ownerRules: true, stockPageFooter: /akamai/i };
const SUCURI = { name: 'Sucuri', ownerRules: true };
const IMPERVA = { name: 'Imperva', ownerRules: true };
const BUNNY = { name: 'Bunny CDN', ownerRules: true, stockPageFooter: /bunny/i };
const AZURE = { name: 'Azure Front Door', ownerRules: true };
const GOOGLE = { name: 'Google Cloud load balancer', ownerRules: true };
const VARNISH = { name: 'Varnish cache', ownerRules: false, stockPageFooter: /varnish/i };
/** Headers a CDN or proxy adds. Order matters: the first row that names a vendor wins. */
const CDN_FINGERPRINTS = [
    { source: HOSTINGER, header: 'server', value: /^hcdn\b/i },
    { source: HOSTINGER, header: 'x-hcdn-request-id', carries: 'request-id-edge' },
    { source: HOSTINGER, header: 'x-hcdn-cache-status' },
    { source: HOSTINGER, header: 'platform', value: /^hostinger$/i },
    { source: CLOUDFLARE, header: 'server', value: /^cloudflare\b/i },
    { source: CLOUDFLARE, header: 'cf-ray', carries: 'request-id-edge' },
    { source: CLOUDFLARE, header: 'cf-cache-status' },
    { source: CLOUDFRONT, header: 'server', value: /^cloudfront\b/i },
    { source: CLOUDFRONT, header: 'x-amz-cf-id', carries: 'request-id' },
    { source: CLOUDFRONT, header: 'x-amz-cf-pop', carries: 'edge' },
    { source: CLOUDFRONT, header: 'via', value: /\(CloudFront\)/i },
    { source: CLOUDFRONT, header: 'x-cache', value: /\bfrom cloudfront\b/i },
    { source: FASTLY, header: 'x-served-by', value: /^cache-/i, carries: 'edge-list' },
    { source: FASTLY, header: 'x-fastly-request-id', carries: 'request-id' },
    { source: AKAMAI, header: 'server', value: /^AkamaiGHost\b/i },
    { source: AKAMAI, header: 'x-akamai-request-id', carries: 'request-id' },
    { source: AKAMAI, header: 'x-cache', value: /\.akamaitechnologies\.com\b/i },
    { source: SUCURI, header: 'x-sucuri-id', carries: 'edge' },
    { source: SUCURI, header: 'x-sucuri-block' },
    { source: SUCURI, header: 'server', value: /^Sucuri\b/i },
    { source: IMPERVA, header: 'x-iinfo', carries: 'request-id' },
    { source: IMPERVA, header: 'x-cdn', value: /incapsula|imperva/i },
    { source: BUNNY, header: 'server', value: /^BunnyCDN\b/i },
    { source: BUNNY, header: 'cdn-requestid', carries: 'request-id' },
    { source: AZURE, header: 'x-azure-ref', carries: 'request-id' },
    { source: GOOGLE, header: 'via', value: /\bgoogle\b/i },
    { source: VARNISH, header: 'via', value: /\bvarnish\b/i },
    { source: 'cdn', header: 'x-cdn-request-id', carries: 'request-id-edge' },
    { source: 'proxy', header: 'via' },
    { source: 'proxy', header: 'x-cache' },
    { source: 'proxy', header: 'age' }
];
/** Names of web servers and application servers that run at an origin, not at a CDN. */
const ORIGIN_SERVER = /^(?:nginx|apache|httpd|litespeed|openlitespeed|openresty|tengine|microsoft-iis|microsoft-httpapi|gunicorn|uvicorn|hypercorn|daphne|waitress|werkzeug|cheroot|cherrypy|tornadoserver|twistedweb|python|caddy|lighttpd|h2o|kestrel|jetty|apache-coyote|envoy|istio-envoy|traefik)(?![\w-])/i;
/** Whether a `server` value (or a stock page's footer) names origin software, e.g. `Apache/2.4.57 (Debian)`. */
function isOriginServerName(value) {
    return ORIGIN_SERVER.test(value.trim());
}
/** The vendor a `server` value names, also used for the footers of stock error pages. */
function vendorNamedByServer(value) {
    const row = CDN_FINGERPRINTS.find(row => row.header === 'server' && typeof row.source === 'object' && row.value?.test(value));
    return row && typeof row.source === 'object' ? row.source : undefined;
}
/** Error pages CDNs make themselves; matched against the body with HTML entities decoded. */
const CDN_PAGE_FINGERPRINTS = [
    {
        vendor: CLOUDFRONT,
        pattern: /Generated by cloudfront \(CloudFront\)/i,
        marker: 'Generated by cloudfront (CloudFront)',
        requestId: /Request ID:\s*([\w=-]{8,})/i
    },
    {
        vendor: CLOUDFLARE,
        pattern: /<title>Just a moment\.\.\.<\/title>|window\._cf_chl_opt/i,
        marker: 'a Cloudflare challenge page',
        refusal: true
    },
    {
        vendor: CLOUDFLARE,
        // Cloudflare also injects `/cdn-cgi/` scripts into pages it passes through: not a marker.
        pattern: /Attention Required! \| Cloudflare|used Cloudflare to restrict access|cf-error-details|Cloudflare Ray ID/i,
        marker: 'a Cloudflare error page',
        requestId: /Ray ID:\s*(?:<[^<>]*>\s*)*([0-9a-f]{8,})/i
    },
    {
        vendor: AKAMAI,
        pattern: /errors\.edgesuite\.net|Reference #\d+\.[0-9a-f]+\.\d+\.[0-9a-f]+/i,
        marker: 'an Akamai "Access Denied" page',
        requestId: /Reference #\s*([0-9a-f]+(?:\.[0-9a-f]+){2,})/i
    },
    {
        vendor: SUCURI,
        pattern: /Sucuri WebSite Firewall|sucuri\.net\/|cloudproxy@sucuri/i,
        marker: 'a Sucuri WebSite Firewall page'
    },
    {
        vendor: IMPERVA,
        pattern: /Incapsula incident ID|_Incapsula_Resource/i,
        marker: 'an Imperva (Incapsula) incident page',
        requestId: /Incapsula incident ID:?\s*([\d-]{8,})/i
    },
    { vendor: FASTLY, pattern: /Fastly error:/i, marker: 'a Fastly error page' }
];
/** Pages only WordPress (or a plugin inside it) makes at the origin. */
const ORIGIN_PAGE_FINGERPRINTS = [
    {
        by: 'Wordfence',
        plugin: true,
        pattern: /Generated by Wordfence/i,
        marker: 'Generated by Wordfence'
    },
    {
        by: 'WordPress',
        plugin: false,
        pattern: /There has been a critical error on this website/i,
        marker: 'There has been a critical error on this website'
    },
    {
        by: 'WordPress',
        plugin: false,
        pattern: /Error establishing a database connection/i,
        marker: 'Error establishing a database connection'
    }
];

;// CONCATENATED MODULE: ./src/diagnosis/detect.ts



const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const LEADING_ID_GROUP = /^(?:[0-9a-f]{8,}|[0-9a-z]{16,})$/i;
const FURTHER_ID_GROUP = /^[0-9a-f]{8,}$/i;
/**
 * Splits a `<request_id>-<edge_node_id>` value (the spec's `x-cdn-request-id`, Hostinger's
 * `x-hcdn-request-id`, Cloudflare's `cf-ray`).
 *
 * Both halves may contain dashes (UUID request ids; edge nodes such as `edge-ams-3`), so the
 * split is not simply at the first or last dash. The request id is a leading UUID, or else the
 * leading dash-separated groups that look like an id: a first group of at least 8 hex digits (or
 * 16 letters and digits), then any further groups of at least 8 hex digits. The edge node is
 * everything after the dash that ends the id. When the id groups make up the whole value, the
 * split falls on the last dash. A bare UUID, or a value that does not start like an id, is kept
 * whole as the request id: no edge node is claimed when the value cannot be read safely.
 */
function splitRequestId(raw) {
    const value = raw.trim();
    const uuid = UUID.exec(value);
    if (uuid) {
        const rest = value.slice(uuid[0].length);
        return rest.length > 1 && rest.startsWith('-')
            ? { requestId: uuid[0], edgeNode: rest.slice(1) }
            : { requestId: value };
    }
    const groups = value.split('-');
    if (groups.length < 2 || !LEADING_ID_GROUP.test(groups[0] ?? ''))
        return { requestId: value };
    let idGroups = 1;
    while (idGroups < groups.length - 1 && FURTHER_ID_GROUP.test(groups[idGroups] ?? ''))
        idGroups++;
    const edgeNode = groups.slice(idGroups).join('-');
    return edgeNode === ''
        ? { requestId: value }
        : { requestId: groups.slice(0, idGroups).join('-'), edgeNode };
}
function quote(name, values) {
    return `\`${name}: ${(0,diagnosis_text/* clip */.$Q)(values.join(', '), 80)}\``;
}
function describeHit({ row, values }) {
    const quoted = quote(row.header, values);
    if (row.source === 'proxy')
        return `${quoted} shows a proxy or cache on the way (vendor unknown)`;
    const edge = row.carries === 'request-id-edge' ? splitRequestId(values[0] ?? '').edgeNode : undefined;
    const edgeNote = edge ? `, ${(0,diagnosis_text/* edgeNodeName */.Tg)(edge, `\`${(0,diagnosis_text/* clip */.$Q)(edge, 60)}\``)}` : '';
    if (row.source === 'cdn')
        return `${quoted} is a CDN's own request id${edgeNote}`;
    const { name } = row.source;
    if (row.header === 'server')
        return `${quoted} names ${name}, not the origin web server`;
    switch (row.carries) {
        case 'request-id-edge':
            return `${quoted} is ${name}'s request id${edgeNote}`;
        case 'request-id':
            return `${quoted} carries ${name}'s request id`;
        case 'edge':
            return `${quoted} names ${name}'s edge node`;
        case 'edge-list':
            return `${quoted} names ${name}'s cache nodes`;
        default:
            return `${quoted} is set by ${name}`;
    }
}
/** Reads the request id and the edge node, preferring the headers of the vendor that answered. */
function identify(hits, vendor) {
    const ordered = [
        ...hits.filter(hit => hit.row.source === vendor),
        ...hits.filter(hit => hit.row.source !== vendor)
    ];
    let requestId;
    let edgeNode;
    for (const { row, values } of ordered) {
        const first = values[0]?.trim() ?? '';
        if (row.carries === 'request-id-edge') {
            const parts = splitRequestId(first);
            requestId ??= parts.requestId;
            edgeNode ??= parts.edgeNode;
        }
        else if (row.carries === 'request-id') {
            // Imperva's `x-iinfo` appends timings after the id.
            requestId ??= first.split(/\s+/)[0];
        }
        else if (row.carries === 'edge') {
            edgeNode ??= first;
        }
        else if (row.carries === 'edge-list') {
            // Fastly lists every cache node on the way; the last one is the edge facing the client.
            edgeNode ??= values.join(',').split(',').at(-1)?.trim();
        }
    }
    return {
        ...(requestId ? { requestId: (0,diagnosis_text/* clip */.$Q)(requestId) } : {}),
        ...(edgeNode ? { edgeNode: (0,diagnosis_text/* clip */.$Q)(edgeNode) } : {})
    };
}
function detectCdn(headers, page) {
    const hits = CDN_FINGERPRINTS.flatMap(row => {
        const values = (0,http_headers/* headerValues */.UE)(headers, row.header).filter(value => !row.value || row.value.test(value));
        return values.length > 0 ? [{ row, values }] : [];
    });
    const named = hits.filter(hit => typeof hit.row.source === 'object');
    const neutral = hits.filter(hit => hit.row.source === 'cdn');
    const pageHit = CDN_PAGE_FINGERPRINTS.find(fingerprint => fingerprint.pattern.test(page.text));
    const footerVendor = page.footer ? vendorNamedByServer(page.footer) : undefined;
    const evidence = (named.length > 0 || neutral.length > 0 ? [...named, ...neutral] : hits).map(describeHit);
    const byServer = named.find(hit => hit.row.header === 'server') ?? named[0];
    let vendor = (byServer && typeof byServer.row.source === 'object' ? byServer.row.source : undefined) ??
        pageHit?.vendor ??
        footerVendor;
    if (!vendor && neutral.length > 0) {
        // The spec's neutral pair: `server` then names the CDN, unless it names an origin web server.
        const server = (0,http_headers/* headerValue */.Z)(headers, 'server');
        if (server && !isOriginServerName(server)) {
            vendor = { name: (0,diagnosis_text/* clip */.$Q)(server, 60), ownerRules: false };
            evidence.push(`${quote('server', [server])} is not an origin web server's name: with \`x-cdn-request-id\` it names the CDN`);
        }
    }
    const kind = vendor
        ? 'vendor'
        : neutral.length > 0
            ? 'cdn'
            : hits.length > 0
                ? 'proxy'
                : undefined;
    if (!kind)
        return undefined;
    const ids = identify(hits, vendor);
    const pageRequestId = pageHit?.requestId?.exec(page.text)?.[1];
    const madeByCdn = pageHit
        ? { marker: pageHit.marker, refusal: pageHit.refusal ?? false }
        : footerVendor
            ? { marker: `a stock error page signed \`${page.footer}\``, refusal: false }
            : undefined;
    return {
        kind,
        ...(vendor ? { vendor } : {}),
        ...ids,
        ...(!ids.requestId && pageRequestId ? { requestId: (0,diagnosis_text/* clip */.$Q)(pageRequestId) } : {}),
        ...(madeByCdn ? { page: madeByCdn } : {}),
        evidence
    };
}
const ORIGIN_HEADER_FAMILIES = [
    { prefixes: ['x-wp-', 'x-cms-'], says: 'set by WordPress, not by a CDN' },
    { prefixes: ['x-ratelimit-'], says: "set by the service's own rate limiter" }
];
function detectOrigin(headers, page, app) {
    const evidence = [];
    const names = (0,http_headers/* headerNames */.Qb)(headers);
    for (const family of ORIGIN_HEADER_FAMILIES) {
        const found = names.filter(name => family.prefixes.some(prefix => name.startsWith(prefix)));
        if (found.length === 0)
            continue;
        const listed = found.slice(0, 3).map(name => `\`${(0,diagnosis_text/* clip */.$Q)(name, 60)}\``);
        const more = found.length > 3 ? ` and ${found.length - 3} more` : '';
        evidence.push(`${listed.join(', ')}${more} ${found.length > 1 ? 'are' : 'is'} ${family.says}`);
    }
    const link = (0,http_headers/* headerValues */.UE)(headers, 'link').join(', ');
    const restRoot = /<([^<>]*)>\s*;\s*rel="?https:\/\/api\.w\.org\/"?/i.exec(link)?.[1];
    if (restRoot !== undefined) {
        evidence.push(`the \`link\` header with \`rel="https://api.w.org/"\` is WordPress's REST API announcement`);
    }
    if (/^wordpress$/i.test((0,http_headers/* headerValue */.Z)(headers, 'x-redirect-by') ?? '')) {
        evidence.push('`x-redirect-by: WordPress` is set by WordPress');
    }
    if (/\bx-wp-/i.test((0,http_headers/* headerValue */.Z)(headers, 'access-control-expose-headers') ?? '')) {
        evidence.push("`access-control-expose-headers` lists WordPress's `X-WP-*` headers");
    }
    if (app)
        evidence.push(`the body is ${app.shape}`);
    const originPage = ORIGIN_PAGE_FINGERPRINTS.find(fingerprint => fingerprint.pattern.test(page.text));
    if (originPage) {
        evidence.push(`the page says \`${originPage.marker}\`: ${originPage.by}${originPage.plugin ? ', a plugin inside WordPress at the origin,' : ' itself'} made it`);
    }
    return {
        evidence,
        ...(app ? { app } : {}),
        ...(originPage ? { page: originPage } : {}),
        ...(restRoot ? { restRoot: (0,diagnosis_text/* clip */.$Q)(restRoot) } : {})
    };
}

// EXTERNAL MODULE: ./src/http/tls-errors.ts
var tls_errors = __webpack_require__(9433);
;// CONCATENATED MODULE: ./src/diagnosis/network.ts


/** What a Node error code means, in words for the evidence. */
const NETWORK_CODES = {
    ECONNREFUSED: 'the host refused the connection',
    ENOTFOUND: 'the host name does not resolve',
    EAI_AGAIN: 'the DNS lookup failed for now',
    EHOSTUNREACH: 'no route to the host',
    ENETUNREACH: 'no route to the network',
    EADDRNOTAVAIL: 'no local address to connect from',
    ECONNRESET: 'the connection was reset',
    EPIPE: 'the connection closed while the request was being sent',
    ETIMEDOUT: 'the request timed out'
};
function networkRemedies(failure, context, timedOutInFlight) {
    const code = failure.code ?? '';
    const check = `Check \`base-url\` (scheme, host name and port) and that firewalls between GitHub's runners and ${context.host} let the connection through.`;
    if (timedOutInFlight) {
        return [
            'Raise `timeout-seconds` if the server is only slow (large uploads take longer).',
            `The request may have been processed: look for the new ${context.app.item} before re-running.`,
            check
        ];
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
        return [
            `The host name ${context.host} does not resolve: check \`base-url\` for typos; a host on a private network needs a self-hosted runner inside that network.`
        ];
    }
    if (code === 'ECONNREFUSED') {
        return [
            `Nothing accepts connections at ${context.host} on that port: check the scheme and port in \`base-url\`, and that the server is running.`
        ];
    }
    if ((0,tls_errors/* isTlsCode */.n)(code)) {
        return [
            `TLS with ${context.host} failed: the certificate may have expired, be self-signed, or not cover that host name; check \`base-url\` (https to an http-only port fails the same way).`
        ];
    }
    if (code === 'ECONNRESET' || code === 'EPIPE') {
        return [
            `The connection was cut mid-request: a firewall, a load balancer or the server itself dropped it. ${check}`,
            'If it happens during large uploads, a body size limit on the way may be closing the connection.'
        ];
    }
    return [check];
}
/** No answer came: say how the request failed and whether the server can have seen it. */
function diagnoseNetworkFailure(failure, context) {
    const method = context.method.toUpperCase();
    const code = failure.code ? (0,diagnosis_text/* clip */.$Q)(failure.code, 60) : undefined;
    const tls = failure.code !== undefined && (0,tls_errors/* isTlsCode */.n)(failure.code);
    const means = (failure.code ? NETWORK_CODES[failure.code] : undefined) ??
        (tls ? 'the TLS handshake failed' : undefined);
    const timedOut = failure.timedOut || failure.code === 'ETIMEDOUT';
    // Whether the request reached the server is decided where the connection was watched: send().
    const reach = failure.mayHaveReachedServer
        ? 'the request may or may not have reached the server'
        : 'the request never reached the server';
    const headline = timedOut
        ? `The ${method} to ${context.host} timed out before an answer arrived; ${reach}.`
        : `The ${method} to ${context.host} failed before any HTTP answer arrived (${code ?? 'no error code'}${means ? `: ${means}` : ''}); ${reach}.`;
    return {
        layer: 'network',
        blocked: false,
        headline,
        evidence: [
            ...(code ? [`\`${code}\`${means ? `: ${means}` : ''}`] : []),
            ...(failure.message.trim() ? [`error message: \`${(0,diagnosis_text/* clip */.$Q)(failure.message)}\``] : []),
            ...(timedOut && !means ? ['the time-out fired before the server answered'] : []),
            'no HTTP response arrived, so no CDN or server header can name a layer'
        ],
        remedies: networkRemedies(failure, context, timedOut && failure.mayHaveReachedServer)
    };
}

;// CONCATENATED MODULE: ./src/diagnosis/aws.ts



/**
 * The error type of an AWS restJson1 answer, or undefined: the `X-Amzn-Errortype` header, else
 * the body's `code`, else its `__type`; a value is cut at its first `:` and keeps what follows a
 * `#` (smithy's aws-restjson1-protocol spec, "Operation error serialization").
 */
function awsErrorType(headers, body) {
    let raw = (0,http_headers/* headerValue */.Z)(headers, 'x-amzn-errortype');
    if (raw === undefined) {
        try {
            const json = JSON.parse(body);
            const value = typeof json?.code === 'string' ? json.code : json?.__type;
            if (typeof value === 'string')
                raw = value;
        }
        catch {
            return undefined;
        }
    }
    if (raw === undefined)
        return undefined;
    const name = raw.split(':')[0];
    const type = name.includes('#') ? name.slice(name.indexOf('#') + 1) : name;
    // A type is a shape name: anything else is not AWS's answer to read.
    return /^[A-Za-z][A-Za-z0-9]{0,99}$/.test(type) ? type : undefined;
}
/** AWS's message, whole: `message`, or `Message` as MWAA's AccessDeniedException has it. */
function awsMessage(body) {
    try {
        const json = JSON.parse(body);
        const value = typeof json?.message === 'string' ? json.message : json?.Message;
        return typeof value === 'string' && value.trim() ? value : undefined;
    }
    catch {
        return undefined;
    }
}
/** Who the job is in AWS: the second remedy of every AccessDeniedException. */
const CHECK_IDENTITY = 'Check which identity the job uses (aws-actions/configure-aws-credentials `role-to-assume`), and that its trust policy lets this repository assume it.';
/**
 * What to do about a refusal that every AWS API gives alike, `service` naming this one; undefined
 * for the others.
 */
function commonAwsRemedies(type, service) {
    switch (type) {
        case 'ThrottlingException':
        case 'TooManyRequestsException':
            return ['AWS throttled the calls: raise `max-attempts`, or run fewer jobs at once.'];
        case 'ExpiredTokenException':
        case 'ExpiredToken':
            return [
                'The AWS session expired before the step ended: raise `role-duration-seconds` of aws-actions/configure-aws-credentials, or configure the credentials right before this step.'
            ];
        case 'UnrecognizedClientException':
        case 'InvalidSignatureException':
        case 'IncompleteSignatureException':
        case 'MissingAuthenticationTokenException':
            return [
                'AWS did not accept the credentials: check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN (set by aws-actions/configure-aws-credentials), and that the region is right.'
            ];
        case 'InternalServerException':
        case 'ServiceUnavailableException':
            return [
                `An error inside AWS: re-run the job later; if it persists, check the AWS Health Dashboard for ${service} in this region.`
            ];
        default:
            return undefined;
    }
}
function readAwsRefusal(response) {
    const message = awsMessage(response.body);
    const requestId = (0,http_headers/* headerValue */.Z)(response.headers, 'x-amzn-requestid');
    return {
        status: `${response.status} ${external_node_http_.STATUS_CODES[response.status] ?? ''}`.trim(),
        ...(message ? { message } : {}),
        ...(requestId ? { requestId: (0,diagnosis_text/* clip */.$Q)(requestId, 80) } : {})
    };
}

;// CONCATENATED MODULE: ./src/diagnosis/remedies-shared.ts
/** The wording that the remedies for every layer and every application share. */


function note(text) {
    return { note: text };
}
/** The actions and the notes of a list of advice, apart; no `notes` when there are none. */
function adviceApart(advice) {
    const remedies = advice.filter((item) => typeof item === 'string');
    const notes = advice.flatMap(item => (typeof item === 'string' ? [] : [item.note]));
    return notes.length > 0 ? { remedies, notes } : { remedies };
}
function apiGlob(context) {
    return `\`${context.apiPath}/*\``;
}
/** The collection the requests go to, as remedies show it: `` `/wp-json/wp/v2/media` ``. */
function route(context) {
    return `\`${context.apiPath}${context.app.collection}\``;
}
const DNS_WAIT = 'DNS caches take minutes to refresh, so re-running the job right away will likely meet the same block; wait about 10 minutes before re-running';
/** For a wrong path given in `api-path`: that the action can find the path itself. */
function leaveApiPathEmpty(context) {
    return context.apiSource === 'given'
        ? ' Or leave `api-path` empty: the action then asks the server where its API is.'
        : '';
}
/**
 * The remedy for a 413 at the layer that refused. PHP's `post_max_size` and `upload_max_filesize`
 * are not named: they limit form uploads, not a raw body (WordPress reads it from `php://input`,
 * WP_REST_Server::get_raw_data), which PHP hands over whatever its size.
 */
function tooLarge(who, layer = 'application') {
    const raise = layer === 'cdn'
        ? `raise ${who}'s own body size limit (a setting or a plan of the CDN), or let uploads to the site bypass it`
        : layer === 'web-server'
            ? "raise the web server's limit (nginx `client_max_body_size`, Apache `LimitRequestBody`)"
            : "raise the limit (nginx `client_max_body_size`, Apache `LimitRequestBody`, or a security plugin's)";
    return `The file is larger than ${who} accepts: ${raise}, or upload a smaller file. PHP's \`post_max_size\` and \`upload_max_filesize\` do not apply: the file is sent as the request's body, not as a form.`;
}
function rateLimited(who, headers) {
    const retryAfter = (0,http_headers/* headerValue */.Z)(headers, 'retry-after');
    const wait = retryAfter ? ` (\`retry-after: ${(0,diagnosis_text/* clip */.$Q)(retryAfter, 40)}\`)` : '';
    return `${who} rate-limited the requests${wait}: space them out or re-run later.`;
}

;// CONCATENATED MODULE: ./src/diagnosis/remedies.ts



// The entry point for the rest of the diagnosis: what it needs of the shared wording, too.

function redirected(headers) {
    const location = (0,http_headers/* headerValue */.Z)(headers, 'location');
    const target = location ? ` to \`${(0,diagnosis_text/* clip */.$Q)(location)}\`` : '';
    return `The server redirected${target}: a POST is not sent again across a redirect, so use the final address as \`base-url\` (https instead of http, or the canonical host name).`;
}
function notCredentials(context, who) {
    return note(context.app.credentialsRuledOut.refusedBy(who));
}
function cdnRefusal({ context, status, headers, cdn }) {
    const method = context.method.toUpperCase();
    const vendor = cdn?.vendor;
    const who = vendor?.ownerRules
        ? vendor.name
        : cdn?.kind === 'proxy'
            ? 'the proxy or CDN'
            : 'the CDN';
    const where = vendor?.ownerRules
        ? `in the hosting panel or ${vendor.name}'s dashboard`
        : 'in the hosting panel';
    const allow = vendor?.ownerRules
        ? `add a rule in ${vendor.name} that lets ${method} on ${apiGlob(context)} through (skip its security rules for that path); if the hosting provider runs ${vendor.name} for you, ask them to`
        : `ask the hosting provider to allow ${method} on ${apiGlob(context)} at ${who}: their control panel offers no custom CDN rules, so this takes a support request`;
    const specific = [
        ...(status === 405
            ? [
                note('Retries do not help: retrying a 405 only covers occasional throttling, not a standing block.')
            ]
            : []),
        ...(status === 429 ? [rateLimited(who, headers)] : [])
    ];
    // A size limit is about this file, not a rule against uploads: its own remedy comes first.
    if (status === 413) {
        return [tooLarge(who, 'cdn'), notCredentials(context, who)];
    }
    if (context.app.cdnBypass === 'disable-for-host') {
        return [
            `Disable ${who} for ${context.host} ${where}. It takes effect at once, but ${DNS_WAIT}.`,
            `Or ${allow}.`,
            notCredentials(context, who),
            ...specific
        ];
    }
    return [
        `${allow.charAt(0).toUpperCase()}${allow.slice(1)}.`,
        `Or serve the ${context.app.name} REST API at ${context.host} without the CDN (a DNS-only record, or a separate host name for the API); ${DNS_WAIT}.`,
        notCredentials(context, who),
        ...specific
    ];
}
function cdnGateway({ context, status, cdn }) {
    const who = cdn?.vendor?.ownerRules ? cdn.vendor.name : 'the CDN';
    const { name: app, item } = context.app;
    return [
        `${who} got no valid answer from the origin server behind ${context.host}: check that ${app} and its web server are up and reachable from ${who}, and read their logs around the time of this run.`,
        ...([504, 522, 524].includes(status)
            ? [
                `A ${status} means the origin was too slow or unreachable for ${who}; the request may still have been processed, so look for the new ${item} before re-running.`
            ]
            : []),
        'Re-run the job once the origin answers again.',
        note('This is neither a CDN rule nor a credentials problem.')
    ];
}
function webServer(situation, software) {
    const { context, status, headers, cdn } = situation;
    const method = context.method.toUpperCase();
    const app = context.app.name;
    if (status >= 500) {
        return [
            `The web server could not get a valid answer from ${app} behind it (${context.app.backend}): check that it runs, and read the web server's error log.`
        ];
    }
    if (status === 401) {
        const challenge = (0,http_headers/* headerValue */.Z)(headers, 'www-authenticate');
        const asked = challenge ? ` (\`www-authenticate: ${(0,diagnosis_text/* clip */.$Q)(challenge, 60)}\`)` : '';
        return [
            `The web server itself asks for credentials${asked}: HTTP authentication in front of the site cannot carry ${app}'s own credentials as well; exempt ${apiGlob(context)} from it.`
        ];
    }
    const cause = status === 404
        ? context.app.wrongPath(context, situation.restRoot)
        : status === 413
            ? tooLarge('the web server', 'web-server')
            : `The web server at ${context.host} (${software}) refused ${method} on ${apiGlob(context)} before ${app} saw it: look for rules that deny the method or the path (nginx \`limit_except\` or \`deny\`, Apache \`<Limit>\` or \`Require\`, ModSecurity) and read its error log.`;
    return [
        cause,
        ...(cdn
            ? []
            : [
                `If a CDN or proxy sits in front of ${context.host} without identifying headers, it may be the one refusing: ask the hosting provider to allow ${method} on ${apiGlob(context)}.`
            ]),
        note(context.app.credentialsRuledOut.unseen)
    ];
}
function remedies_plugin({ context }, name) {
    return [
        `${name} inside ${context.app.name} at ${context.host} blocked the request: find the reason in its firewall log (Wordfence: Tools → Live Traffic), then allowlist the runner's IP address or relax the rule that fired for ${apiGlob(context)}.`,
        'GitHub-hosted runners change IP addresses between jobs; a self-hosted runner with a fixed address is easier to allowlist.'
    ];
}
function unknown({ context, status }) {
    const method = context.method.toUpperCase();
    const { name: app, item } = context.app;
    if (status < 400) {
        return [
            `Check in ${app} whether the ${item} exists: the answer did not look like ${app}'s own.`
        ];
    }
    return [
        `Nothing in the answer shows that ${app} saw the request: send the same ${method} to ${route(context)} from another machine and compare which server answers.`,
        `If a CDN or proxy is in front of ${context.host}, ask the hosting provider whether it blocks ${method} on ${apiGlob(context)}.`
    ];
}
function responseRemedies(situation) {
    const { finding, status } = situation;
    if (status >= 300 && status < 400)
        return [redirected(situation.headers)];
    switch (finding.kind) {
        case 'cdn-refusal':
            return cdnRefusal(situation);
        case 'cdn-gateway':
            return cdnGateway(situation);
        case 'web-server':
            return webServer(situation, finding.software);
        case 'plugin':
            return remedies_plugin(situation, finding.plugin);
        case 'application':
            if (status < 300)
                return [];
            return situation.context.app.remedies(situation);
        case 'unknown':
            return unknown(situation);
    }
}

;// CONCATENATED MODULE: ./src/diagnosis/diagnose.ts










const LAYERS = {
    application: 'origin',
    plugin: 'origin',
    'web-server': 'origin',
    'cdn-refusal': 'cdn',
    'cdn-gateway': 'cdn',
    unknown: 'unknown'
};
function statusText(status) {
    return `${status} ${external_node_http_.STATUS_CODES[status] ?? ''}`.trim();
}
function htmlOrEmpty(page) {
    return page.kind === 'html' || page.kind === 'empty';
}
/**
 * Decides which layer made the answer. Origin markers win over CDN markers, because CDNs pass the
 * origin's answers through with their own headers. A CDN refusal needs CDN markers, no origin
 * marker, and an error page (HTML or empty) the CDN can have made.
 *
 * Without any CDN or proxy header, a stock error page from a known web server (nginx, Apache, …)
 * is put down to the origin's web server: nothing supports blaming a CDN, and the page shows
 * the application never saw the request. The headline says so, and the remedies still mention a
 * proxy that hides itself.
 */
function classify({ response, page, origin, cdn }) {
    const { status, headers } = response;
    if (origin.page?.plugin)
        return { kind: 'plugin', plugin: origin.page.by };
    if (origin.evidence.length > 0)
        return { kind: 'application' };
    if (status < 400)
        return { kind: 'unknown' };
    const footer = page.footer && isOriginServerName(page.footer) ? page.footer : undefined;
    if (cdn) {
        const cdnAnswer = status >= 500 && !cdn.page?.refusal ? { kind: 'cdn-gateway' } : { kind: 'cdn-refusal' };
        if (cdn.page)
            return cdnAnswer;
        // A stock page signed by a web server the CDN's own pages never name came from the origin; so
        // did one that shows its version (`nginx/1.22.1`): a CDN's own pages hide it (`nginx`).
        const ownFooter = cdn.vendor?.stockPageFooter;
        if (footer && ownFooter && (!ownFooter.test(footer) || /\/\d/.test(footer))) {
            return { kind: 'web-server', software: productToken(footer) };
        }
        return htmlOrEmpty(page) ? cdnAnswer : { kind: 'unknown' };
    }
    // A `server` value naming neither a web server nor a known CDN was set by something unknown.
    const server = (0,http_headers/* headerValue */.Z)(headers, 'server');
    if (server && !isOriginServerName(server))
        return { kind: 'unknown' };
    const software = footer ?? (server ? (0,diagnosis_text/* clip */.$Q)(server, 60) : undefined);
    return software && htmlOrEmpty(page)
        ? { kind: 'web-server', software: productToken(software) }
        : { kind: 'unknown' };
}
/** `Apache/2.4.57 (Debian)` → `Apache/2.4.57`: the comment only clutters a sentence. */
function productToken(software) {
    return software.split(' ')[0] ?? software;
}
function describeBody(page, cdn, app) {
    switch (page.kind) {
        case 'empty':
            return 'empty body';
        case 'html': {
            const title = page.title ? ` titled \`${page.title}\`` : '';
            const footer = page.footer ? ` with the footer \`${page.footer}\`` : '';
            const made = cdn?.page ? `: ${cdn.page.marker}` : '';
            return `HTML body${title}${footer}${made}`;
        }
        case 'json':
            return `JSON body in no shape ${app} uses: \`${(0,diagnosis_text/* clip */.$Q)(page.text, 80)}\``;
        case 'text':
            return `text body \`${(0,diagnosis_text/* clip */.$Q)(page.text, 80)}\``;
    }
}
function absence(context, conclusion) {
    return `${context.app.absentMarks}: ${conclusion}`;
}
/** `Cloudflare (edge node AMS)`, or what little is known about an unnamed CDN or proxy. */
function cdnPhrase(cdn) {
    const edge = cdn.edgeNode ? ` (${(0,diagnosis_text/* edgeNodeName */.Tg)(cdn.edgeNode)})` : '';
    if (cdn.vendor)
        return `${cdn.vendor.name}${edge}`;
    return cdn.kind === 'cdn'
        ? `a CDN of unknown vendor${edge}`
        : `a proxy or cache of unknown vendor${edge}`;
}
function headline({ finding, response, context, origin, cdn }) {
    const app = context.app.name;
    const method = context.method.toUpperCase();
    const status = statusText(response.status);
    const host = context.host;
    const through = cdn ? `, passed through ${cdnPhrase(cdn)}` : '';
    const front = cdn?.kind === 'proxy' ? 'A proxy or CDN' : 'The CDN';
    const named = cdn
        ? [cdn.vendor?.name ?? 'vendor unknown', cdn.edgeNode ? `edge node ${cdn.edgeNode}` : '']
            .filter(Boolean)
            .join(', ')
        : '';
    switch (finding.kind) {
        case 'cdn-refusal':
            return `${front} in front of ${host} (${named}) refused the ${method} with ${status}; the request never reached ${app}.`;
        case 'cdn-gateway':
            return `${front} in front of ${host} (${named}) answered the ${method} with ${status} because it got no valid answer from the origin server; ${app} may or may not have received the request.`;
        case 'web-server':
            return response.status >= 500
                ? `The web server at ${host} (${finding.software}) answered the ${method} with ${status}: it got no valid answer from ${app} behind it${through}.`
                : `The web server at ${host} (${finding.software}) refused the ${method} with ${status} before ${app} saw it${through}.`;
        case 'plugin':
            return `${finding.plugin}, a security plugin inside ${app} at ${host}, refused the ${method} with ${status}${through}.`;
        case 'application': {
            const answer = origin.app;
            if (response.status < 300) {
                const run = answer?.dagRunId ? ` (dag run ${(0,diagnosis_text/* clip */.$Q)(answer.dagRunId, 80)})` : '';
                return `${app} at ${host} accepted the ${method} with ${status}${run}${through}.`;
            }
            // Airflow's problem titles repeat the status text: `409 Conflict (Conflict: …)`.
            const summary = answer?.summary?.replace(`${external_node_http_.STATUS_CODES[response.status] ?? ''}: `, '');
            const said = summary ? ` (${summary})` : '';
            return `${app} at ${host} answered the ${method} with ${status}${said}${through}.`;
        }
        case 'unknown':
            if (response.status < 400) {
                return `${host} answered the ${method} with ${status}${through}, but nothing in the response shows it came from ${app}.`;
            }
            return cdn
                ? `${host} answered the ${method} with ${status}${through}, but the body is neither a CDN error page nor ${app}'s: the layer that made it is unknown.`
                : `${host} answered the ${method} with ${status}, but the response names neither a CDN nor ${app}: the layer that made it is unknown.`;
    }
}
function evidence({ finding, response, context, page, origin, cdn }) {
    const app = context.app.name;
    const body = describeBody(page, cdn, app);
    const cdnLines = cdn?.evidence ?? [];
    switch (finding.kind) {
        case 'application':
        case 'plugin':
            return [
                ...origin.evidence,
                ...(finding.kind === 'plugin' ? [body] : []),
                ...cdnLines,
                ...(cdn ? [`origin markers win: ${cdnPhrase(cdn)} only passed the answer through`] : [])
            ];
        case 'cdn-refusal':
            return [...cdnLines, body, absence(context, `the request did not reach ${app}`)];
        case 'cdn-gateway':
            return [...cdnLines, body, absence(context, `${app} did not answer`)];
        case 'web-server': {
            const seen = cdn
                ? `the stock page names \`${finding.software}\`, which ${cdn.vendor?.name ?? 'the CDN'}'s own pages never do: the origin's web server made it`
                : `\`${finding.software}\` is a web server, and no CDN or proxy header was seen`;
            return [seen, body, ...cdnLines, absence(context, `the request did not reach ${app}`)];
        }
        case 'unknown': {
            const server = (0,http_headers/* headerValue */.Z)(response.headers, 'server');
            const stranger = !cdn && server && !isOriginServerName(server)
                ? [`\`server: ${(0,diagnosis_text/* clip */.$Q)(server, 80)}\` names neither a known web server nor a known CDN`]
                : [];
            return [
                ...stranger,
                body,
                ...cdnLines,
                ...(response.status >= 400
                    ? [absence(context, `nothing shows the request reached ${app}`)]
                    : [])
            ];
        }
    }
}
/**
 * The answer as it may be quoted: every known secret replaced in its headers and body before any
 * of them is split, decoded or cut (an edge node taken from a request id could hold half of one).
 */
function redacted(response) {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.map(secrets/* redact */.E$) : value && (0,secrets/* redact */.E$)(value)
    ]));
    return { ...response, headers, body: (0,secrets/* redact */.E$)(response.body) };
}
function diagnoseResponse(answer, context) {
    const response = redacted(answer);
    const page = readPage(response.body, response.headers);
    // What a mode reads (ids, links, a token) comes from the answer as sent.
    const data = response.body === answer.body ? page : readPage(answer.body, answer.headers);
    const app = readAppAnswer(page);
    const origin = detectOrigin(response.headers, page, app);
    const cdn = detectCdn(response.headers, page);
    const situation = { context, response, page, origin, cdn };
    const finding = classify(situation);
    const judged = { ...situation, finding };
    const said = serverWords(page, app);
    const json = jsonObject(data);
    const items = jsonList(data);
    return {
        layer: LAYERS[finding.kind],
        ...(cdn?.vendor ? { vendor: cdn.vendor.name } : {}),
        ...(cdn?.requestId ? { requestId: cdn.requestId } : {}),
        ...(cdn?.edgeNode ? { edgeNode: cdn.edgeNode } : {}),
        blocked: finding.kind === 'cdn-refusal',
        host: context.host,
        status: response.status,
        ...(finding.kind === 'web-server'
            ? { originPart: { kind: 'web-server', name: finding.software } }
            : finding.kind === 'plugin'
                ? { originPart: { kind: 'plugin', name: finding.plugin } }
                : {}),
        headline: headline(judged),
        evidence: [
            ...evidence(judged),
            // The connection's far end: the CDN's edge, the origin, or a proxy on the way.
            ...(response.peer ? [`answered from ${response.peer}`] : [])
        ],
        ...(response.peer ? { peer: response.peer } : {}),
        ...adviceApart(responseRemedies({
            finding,
            context,
            status: response.status,
            headers: response.headers,
            ...(app ? { app } : {}),
            ...(cdn ? { cdn } : {}),
            ...(origin.restRoot ? { restRoot: origin.restRoot } : {}),
            bodyStart: page.text
        })),
        ...(said ? { said } : {}),
        ...(app?.code ? { code: app.code } : {}),
        ...(json ? { json } : {}),
        ...(items ? { items } : {})
    };
}
/** Decides which layer produced an answer (or the failure to get one): CDN, origin, network. */
function diagnose(result, context) {
    if ('failure' in result)
        return diagnoseNetworkFailure(result.failure, context);
    const { response } = result;
    // Through MWAA, Airflow's answers arrive unwrapped: an AWS error type left is AWS's own refusal,
    // as every error of MWAA Serverless is.
    const { aws } = context;
    const served = aws?.answered?.(response);
    if (served)
        return served;
    const type = aws && response.status >= 300 ? awsErrorType(response.headers, response.body) : undefined;
    if (!type || !aws)
        return diagnoseResponse(response, context);
    return aws.refused(redacted(response), type, context.method);
}

// EXTERNAL MODULE: ./src/log/words.ts
var words = __webpack_require__(5523);
;// CONCATENATED MODULE: ./src/diagnosis/path-evidence.ts


/** Records shown at most: a CDN may answer with many addresses. */
const MAX_RECORDS = 6;
/** Resolvers and runners may keep an answer somewhat past its TTL; a minute covers most. */
const SLACK_S = 60;
/** The records as one evidence line, or why there are none. */
function dnsEvidence(answer) {
    switch (answer.kind) {
        case 'address':
            return 'base-url names an IP address: no DNS lookup stands between the CDN and this runner';
        case 'unknown':
            return `the DNS records of ${answer.host} could not be read here (${answer.why})`;
        case 'records': {
            const shown = answer.records
                .slice(0, MAX_RECORDS)
                .map(record => `${record.type} ${record.address} (TTL ${record.ttl} s)`);
            const more = answer.records.length > MAX_RECORDS
                ? `, and ${answer.records.length - MAX_RECORDS} more`
                : '';
            return `DNS of ${answer.host}, as this runner's resolver answers: ${shown.join(', ')}${more}`;
        }
    }
}
/**
 * When a re-run can expect DNS to lead past the CDN, derived from what the resolver says: a
 * recursive resolver reports the time its answer has left, so the longest TTL seen (plus a
 * minute of slack) bounds the wait for this runner. Without records, the usual caution.
 */
function dnsWaitAdvice(answer) {
    if (answer.kind === 'address') {
        return "base-url names an IP address, which no DNS change moves: once the CDN is off, set base-url to the origin's own address or to the site's host name";
    }
    if (answer.kind === 'unknown') {
        return `the resolver could not tell how long ${answer.host}'s records are cached (${answer.why}), so wait about 10 minutes before re-running: DNS caches commonly keep answers that long`;
    }
    const longest = Math.max(...answer.records.map(record => record.ttl));
    const minutes = Math.max(1, Math.ceil((longest + SLACK_S) / 60));
    return `DNS caches keep the old answer for up to its TTL: ${answer.host}'s records have ${longest} s left here, so wait about ${(0,words/* counted */.h)(minutes, 'minute')} before re-running; re-running earlier will likely meet the same block`;
}
/**
 * Adds the DNS records to a CDN block's evidence and replaces the fixed "wait about 10 minutes"
 * with the wait they imply. In place: the verdict is shared by every file it decided.
 */
function addDnsEvidence(verdict, answer) {
    verdict.evidence.push(dnsEvidence(answer));
    const advice = dnsWaitAdvice(answer);
    verdict.remedies = verdict.remedies.map(remedy => remedy.replace(DNS_WAIT, advice));
}
/** Said when more than one address answered in one step: the sign that DNS moved on. */
function addressChange(peers) {
    if (peers.length < 2)
        return undefined;
    return `The server's address changed during this step: ${peers.join(', then ')}. After a CDN was switched off, a new address is the sign that the DNS change has reached this runner.`;
}

;// CONCATENATED MODULE: ./src/diagnosis/index.ts



// AWS's errors, read alike for every AWS API; each mode words its service's refusals.

// The shared wording of remedies, for the remedies each mode brings for its own application.



/***/ }),

/***/ 6158:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Q: () => (/* binding */ clip),
/* harmony export */   Tg: () => (/* binding */ edgeNodeName),
/* harmony export */   fz: () => (/* binding */ withoutFinalStop)
/* harmony export */ });
/* harmony import */ var _log_secrets_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4367);

const QUOTE_LIMIT = 120;
/** A quote is read this far: far more than any quote shows, and a bound on the work. */
const READ_WINDOW = 64 * 1024;
/**
 * Makes server-supplied text safe to quote inside one line of our prose: no secret (redacted
 * before it is reshaped, so none is cut or joined into another form), one line, bounded, and
 * without backticks, which would end the code span the text is quoted in.
 */
function clip(text, limit = QUOTE_LIMIT) {
    const line = (0,_log_secrets_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$)(text.slice(0, READ_WINDOW))
        .replace(/[\s\p{Cc}]+/gu, ' ')
        .replace(/`/g, "'")
        .trim();
    return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}
/**
 * An edge node as prose names it: `edge node AMS`, but a node whose own name says "edge"
 * (`edge-ams-3`) stands alone, never "edge node edge-ams-3". `shown`: the name as quoted.
 */
function edgeNodeName(node, shown = node) {
    return /^edge\b/i.test(node) ? shown : `edge node ${shown}`;
}
/**
 * Quoted words without their own final full stop: they are quoted inside our sentences, often in
 * parentheses, and "(… not found.)." reads as a typo. An ellipsis stays.
 */
function withoutFinalStop(text) {
    return text.endsWith('.') && !text.endsWith('..') ? text.slice(0, -1) : text;
}


/***/ }),

/***/ 6608:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Pb: () => (/* binding */ endpointUrl),
/* harmony export */   db: () => (/* binding */ apiUnder),
/* harmony export */   de: () => (/* binding */ whereOf),
/* harmony export */   pM: () => (/* binding */ apiPathOf)
/* harmony export */ });
/* harmony import */ var _on_origin_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9686);
/**
 * Where an API lives, as a URL of its prefix: a path (`https://site/blog/wp-json/wp/v2`), or
 * WordPress's form for sites without pretty permalinks, where the route travels in the query
 * (`https://site/blog/index.php?rest_route=/wp/v2`). Endpoints are built from it with the URL
 * API, so a query-form root keeps its query and every route lands in the right place.
 */

const ROUTE_PARAM = 'rest_route';
/** `{base-url}{api-path}`: a path prefix under the site's own path. */
function apiUnder(site, apiPath) {
    return (0,_on_origin_js__WEBPACK_IMPORTED_MODULE_0__/* .onOrigin */ .Wr)(site, `${site.pathname.replace(/(?<!\/)\/+$/, '')}${apiPath}`);
}
/** `route` is WordPress's route of an endpoint under this API, or undefined for a path root. */
function routeOf(api) {
    return api.searchParams.get(ROUTE_PARAM) ?? undefined;
}
/**
 * The endpoint `path` (segments already percent-encoded, e.g. `dags/a%20b/dagRuns`) under the
 * API, with `query` added. In the query form the route is a decoded value of `rest_route`:
 * WordPress reads it from `$_GET`, which PHP has already decoded.
 */
function endpointUrl(api, path, query = {}) {
    const url = new URL(api.href);
    const route = routeOf(url);
    if (route !== undefined) {
        url.searchParams.set(ROUTE_PARAM, `${route.replace(/(?<!\/)\/+$/, '')}/${decodeURIComponent(path)}`);
    }
    else {
        url.pathname = `${url.pathname.replace(/(?<!\/)\/+$/, '')}/${path}`;
    }
    const pairs = Array.isArray(query) ? query : Object.entries(query);
    for (const [name, value] of pairs)
        url.searchParams.append(name, value);
    return url;
}
/**
 * Host, path and the route of a query-form URL, for messages: never other query parameters
 * (they may carry anything) and never credentials.
 */
function whereOf(url) {
    const route = routeOf(url);
    return `${url.host}${url.pathname}${route === undefined ? '' : `?${ROUTE_PARAM}=${route}`}`;
}
/** The API's prefix as a user would write it after base-url: `/wp-json/wp/v2`, `/index.php?rest_route=/wp/v2`. */
function apiPathOf(api, site) {
    const base = site.pathname.replace(/(?<!\/)\/+$/, '');
    const path = api.pathname.startsWith(base) ? api.pathname.slice(base.length) : api.pathname;
    const route = routeOf(api);
    return route === undefined ? path : `${path}?${ROUTE_PARAM}=${route}`;
}


/***/ }),

/***/ 3329:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ basicAuthorization),
/* harmony export */   u: () => (/* binding */ apiClient)
/* harmony export */ });
/* harmony import */ var _actions_http_client_lib_proxy__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9783);
/* harmony import */ var _api_url_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6608);
/* harmony import */ var _on_origin_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9686);
/* harmony import */ var _send_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9793);




const USER_AGENT = 'airflow-wordpress-cdn-action';
/** An HTTP Basic Authorization value; the caller masks it, since it is the password in another form. */
function basicAuthorization(username, password) {
    return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}
/** The answer for a request refused before it was sent: nothing reached any server. */
function notSent(url, problem) {
    return {
        failure: {
            message: `not sent to ${(0,_api_url_js__WEBPACK_IMPORTED_MODULE_1__/* .whereOf */ .de)(url)}: ${problem}`,
            timedOut: false,
            mayHaveReachedServer: false,
            permanent: true,
            elapsedMs: 0
        }
    };
}
function apiClient(options) {
    const { baseUrl } = options;
    // Every request of this client goes to the base URL's origin, so one decision serves them all.
    // It is the toolkit's: loopback never goes through a proxy, `no_proxy` as its clients read it,
    // `https_proxy` for https. Node 24's agent then speaks to the proxy chosen (older Node ignores
    // `proxyEnv`); given only that proxy, it applies no rules of its own.
    const proxy = (0,_actions_http_client_lib_proxy__WEBPACK_IMPORTED_MODULE_0__/* .getProxyUrl */ .s)(baseUrl);
    const agentOptions = {
        keepAlive: true,
        maxSockets: options.maxSockets,
        proxyEnv: proxy ? { HTTP_PROXY: proxy.href, HTTPS_PROXY: proxy.href } : {}
    };
    const agent = new ((0,_send_js__WEBPACK_IMPORTED_MODULE_3__/* .transportFor */ .JG)(baseUrl).Agent)(agentOptions);
    const headers = {
        Accept: 'application/json',
        'User-Agent': USER_AGENT
    };
    const peers = new Set();
    const request = (method, url, extra = {}, body, how = {}) => {
        // The last word on where credentials go: a URL off base-url's origin or path is never sent.
        const problem = (0,_on_origin_js__WEBPACK_IMPORTED_MODULE_2__/* .requestProblem */ .J4)(url, baseUrl);
        if (problem)
            return Promise.resolve(notSent(url, problem));
        const sent = { ...headers, ...options.headers, ...extra };
        if (how.anonymous)
            delete sent.Authorization;
        const result = (0,_send_js__WEBPACK_IMPORTED_MODULE_3__/* .send */ .tN)({
            method,
            url,
            headers: sent,
            body,
            timeoutMs: Math.min(how.timeoutMs ?? options.timeoutMs, options.timeoutMs),
            agent,
            ...(how.digest ? { digest: true, maxBodyBytes: how.digest.maxBytes } : {}),
            ...(how.uncancelled ? {} : { signal: options.signal })
        });
        return result.then(answer => {
            if ('response' in answer && answer.response.peer)
                peers.add(answer.response.peer);
            return answer;
        });
    };
    return {
        siteUrl: path => (0,_api_url_js__WEBPACK_IMPORTED_MODULE_1__/* .apiUnder */ .db)(baseUrl, path.startsWith('/') ? path : `/${path}`),
        where: _api_url_js__WEBPACK_IMPORTED_MODULE_1__/* .whereOf */ .de,
        authorize: authorization => {
            headers.Authorization = authorization;
        },
        get: (url, how = {}) => request('GET', url, {}, undefined, how),
        head: url => request('HEAD', url, {}, undefined, { anonymous: true }),
        digest: (url, maxBytes) => request('GET', url, { Accept: '*/*' }, undefined, { anonymous: true, digest: { maxBytes } }),
        post: (url, body, extra, how = {}) => request('POST', url, extra, body, how),
        patch: (url, body, how = {}) => request('PATCH', url, { 'Content-Type': 'application/json' }, body, how),
        peers: () => [...peers],
        delete: url => request('DELETE', url),
        close: () => agent.destroy()
    };
}


/***/ }),

/***/ 9718:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qb: () => (/* binding */ headerNames),
/* harmony export */   UE: () => (/* binding */ headerValues),
/* harmony export */   Z: () => (/* binding */ headerValue)
/* harmony export */ });
/** All values of a header, whatever the case of its name and whether node:http gave an array. */
function headerValues(headers, name) {
    const wanted = name.toLowerCase();
    return Object.entries(headers).flatMap(([key, value]) => key.toLowerCase() !== wanted || value === undefined
        ? []
        : Array.isArray(value)
            ? value
            : [value]);
}
/** A header's value, its repeated values joined as HTTP joins them (`, `). */
function headerValue(headers, name) {
    const values = headerValues(headers, name);
    return values.length > 0 ? values.join(', ') : undefined;
}
/** Lower-cased names of the headers that carry a value. */
function headerNames(headers) {
    return Object.entries(headers)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key.toLowerCase());
}


/***/ }),

/***/ 3172:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KQ: () => (/* binding */ dateTime),
/* harmony export */   Qq: () => (/* binding */ text),
/* harmony export */   U9: () => (/* binding */ count),
/* harmony export */   g1: () => (/* binding */ record),
/* harmony export */   vj: () => (/* binding */ amount),
/* harmony export */   wC: () => (/* binding */ matching),
/* harmony export */   yj: () => (/* binding */ positive)
/* harmony export */ });
/*
 * The one way an answer's JSON is read: each reader gives a field's value when it has the shape
 * asked for, and undefined otherwise, so that a field of another shape is never taken for one and
 * an answer is refused only where a field it must have is not there.
 */
/** A JSON object (not an array, not null). */
function record(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? value
        : undefined;
}
/** A string that is not empty. */
function text(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}
/** A string the pattern matches whole (the pattern anchors itself and bounds the length). */
function matching(value, pattern) {
    return typeof value === 'string' && pattern.test(value) ? value : undefined;
}
/** A whole number from 0 up. */
function count(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
/** A whole number from 1 up: an id. */
function positive(value) {
    const n = count(value);
    return n !== undefined && n > 0 ? n : undefined;
}
/** A finite number from 0 up (seconds, sizes). */
function amount(value) {
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
/** A date-time string that parses. */
function dateTime(value) {
    return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;
}


/***/ }),

/***/ 9686:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J4: () => (/* binding */ requestProblem),
/* harmony export */   QL: () => (/* binding */ addressOnOrigin),
/* harmony export */   Wr: () => (/* binding */ onOrigin)
/* harmony export */ });
/* unused harmony export pathProblem */
/**
 * Request URLs on base-url's origin. Text a server gave (a `Link` target, a `Location`, a link in
 * an answer) is never resolved against base-url: `new URL('//other.example/x', origin)` is
 * another host, and so is `/.//other.example/x` once its dot segment is resolved. A request URL
 * is base-url's scheme, host and port with a path and query set as strings, and only a path that
 * no parser could read as another host, and that stays under base-url's path, is used.
 */
/** base-url's scheme, host and port, with `path` (percent-encoded, from `/`) and `search`. */
function onOrigin(site, path, search = '') {
    const url = new URL(site.origin);
    url.pathname = path;
    url.search = search;
    return url;
}
/**
 * An ASCII character as servers decode it, in any case: percent-encoded (`%2e`), as IIS's `%u002e`,
 * and as UTF-8's overlong two-, three- and four-byte forms (`%c0%ae`, `%e0%80%ae`,
 * `%f0%80%80%ae`), which lax decoders take for the character itself.
 */
const ENCODED = /%u00[0-7][0-9a-f]|%[0-7][0-9a-f]|%c[01]%[89ab][0-9a-f]|%e0%8[01]%[89ab][0-9a-f]|%f0%80%8[01]%[89ab][0-9a-f]/gi;
/** The characters that change where a path leads; others stay encoded, as written. */
const SEPARATORS = new Set(['.', '/', '\\', '%']);
/** The character an `ENCODED` escape stands for: an overlong form's last two bytes' payload. */
function charOf(escape) {
    const bytes = escape
        .split('%')
        .slice(1)
        .map(part => parseInt(part.replace(/^u/i, ''), 16));
    const [last = 0, before = 0] = bytes.reverse();
    return String.fromCharCode(bytes.length === 1 ? last : ((before & 0x3f) << 6) | (last & 0x3f));
}
/**
 * The path with `.`, `/`, `\` and `%` decoded in each of `ENCODED`'s forms, again and again until
 * none is left: what a server that decodes once, or twice (a CDN, then the origin), reads. Each
 * pass shortens it, so it ends.
 */
function decodedSeparators(path) {
    let decoded = path;
    for (let before = ''; before !== decoded;) {
        before = decoded;
        decoded = decoded.replace(ENCODED, escape => {
            const char = charOf(escape);
            return SEPARATORS.has(char) ? char : escape;
        });
    }
    return decoded;
}
/** `.` or `..`, also with `;parameters` after it (which Tomcat and others strip). */
const DOT_SEGMENT = /^\.\.?(?:;|$)/;
/**
 * Why a request path (as sent, percent-encoded) could name another host or leave base-url's path
 * under some parser, or undefined. Judged as written and once decoded, since the servers on the
 * way may decode it.
 */
function pathProblem(path, site) {
    const decoded = decodedSeparators(path);
    if (decoded.includes('\\')) {
        return 'its path holds a backslash, which some parsers read as "/"';
    }
    if (decoded.startsWith('//')) {
        return 'its path begins with "//" once resolved and decoded, which names another host';
    }
    if (decoded.split('/').some(segment => DOT_SEGMENT.test(segment))) {
        return 'its path holds a "." or ".." segment once decoded, which each parser resolves its own way';
    }
    const base = site.pathname.replace(/(?<!\/)\/+$/, '');
    const under = (candidate, prefix) => candidate === prefix || candidate.startsWith(`${prefix}/`);
    if (!under(path, base) || !under(decoded, decodedSeparators(base))) {
        return `its path is not under base-url's path ${base || '/'}`;
    }
    return undefined;
}
/** Why `url` must not be sent with base-url's credentials, or undefined when it may. */
function requestProblem(url, site) {
    if (url.origin !== site.origin)
        return `it is not on base-url's origin ${site.origin}`;
    return pathProblem(url.pathname, site);
}
/** `http(s)://` and a host, without user information: how a server names an address. */
const ABSOLUTE = /^https?:\/\/[^/?#@]+(?:[/?#]|$)/i;
/** User information in the authority, which parsers split differently from the host. */
const USERINFO = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i;
/** Whitespace and controls, which parsers drop or keep each their own way. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u0020\u007f]/;
/** Why an address's text could mean another host to some parser, or undefined. */
function textProblem(text) {
    if (text.includes('\\'))
        return 'it holds a backslash, which some parsers read as "/"';
    if (CONTROLS.test(text)) {
        return 'it holds a space or a control character, which parsers drop or keep';
    }
    if (USERINFO.test(text)) {
        return 'it carries user information (user:password@), which parsers split from the host differently';
    }
    if (text.startsWith('//'))
        return 'it begins with "//", which names another host';
    if (!ABSOLUTE.test(text) && !text.startsWith('/')) {
        return 'it is neither an http(s) URL nor a path from "/"';
    }
    return undefined;
}
/**
 * The request URL for an address a server gave: its path and query, on base-url's origin. Only
 * an http(s) URL or a path from a single `/` is taken, and only one that no parser could read as
 * another host (no backslash, no user information, no `//` once resolved and decoded) under
 * base-url's path. An absolute address may name another origin (a site's canonical address, say):
 * that is told in `named`, and never asked.
 */
function addressOnOrigin(text, site, answeredAt) {
    const problem = textProblem(text);
    if (problem)
        return { ok: false, why: problem };
    let parsed;
    try {
        parsed = new URL(text, answeredAt);
    }
    catch {
        return { ok: false, why: 'it is not a URL' };
    }
    const pathWhy = pathProblem(parsed.pathname, site);
    if (pathWhy)
        return { ok: false, why: pathWhy };
    return {
        ok: true,
        url: onOrigin(site, parsed.pathname, parsed.search),
        ...(parsed.origin !== site.origin ? { named: parsed.origin } : {})
    };
}


/***/ }),

/***/ 8902:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B2: () => (/* binding */ waitToRetry),
/* harmony export */   Er: () => (/* binding */ TRIGGER_BACKOFF),
/* harmony export */   Vs: () => (/* binding */ retryAfterMs),
/* harmony export */   _D: () => (/* binding */ CDN_THROTTLE_BACKOFF),
/* harmony export */   pP: () => (/* binding */ pollDelayMs),
/* harmony export */   sk: () => (/* binding */ nextStep)
/* harmony export */ });
/* unused harmony export backoffDelayMs */
/**
 * A CDN's 405 on the media path is sometimes passing throttling: wait 3 s × the attempt number
 * plus a random 0–2 s, so that retries spread out instead of hitting the edge together.
 */
const CDN_THROTTLE_BACKOFF = { stepMs: 3000, jitterMs: 2000 };
/** Re-sending a trigger after a lost answer: the server is known to be reachable, so keep it short. */
const TRIGGER_BACKOFF = { stepMs: 1000, jitterMs: 1000 };
/** Longest wait a server's Retry-After may impose before the attempt counts as failed instead. */
const MAX_RETRY_AFTER_MS = 60_000;
/** The wait after failed attempt `attempt` (1-based); `random` returns [0, 1) like Math.random. */
function backoffDelayMs(attempt, policy, random) {
    return policy.stepMs * attempt + Math.floor(random() * policy.jitterMs);
}
/**
 * Reads a Retry-After header (delta seconds or an HTTP date) as milliseconds from `now`, or
 * undefined when absent or unreadable.
 */
function retryAfterMs(header, now) {
    if (!header)
        return undefined;
    const text = header.trim();
    if (/^\d+$/.test(text))
        return Number(text) * 1000;
    const at = Date.parse(text);
    return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
/**
 * The one "wait or give up" rule of both modes, after failed attempt `attempt` (1-based): give up
 * when the attempts are used up or the server's Retry-After is longer than `maxRetryAfterMs`;
 * otherwise wait what the server asked for, or the back-off.
 */
function nextStep(attempt, maxAttempts, policy, retryAfterHeader, deps, maxRetryAfterMs = MAX_RETRY_AFTER_MS) {
    if (attempt >= maxAttempts)
        return { retry: false, why: 'attempts' };
    const asked = retryAfterMs(retryAfterHeader, deps.now());
    if (asked !== undefined && asked > maxRetryAfterMs)
        return { retry: false, why: 'retry-after' };
    return { retry: true, waitMs: asked ?? backoffDelayMs(attempt, policy, deps.random) };
}
/** Says how long, then waits; `what` names the request in the log line, e.g. a file name. */
async function waitToRetry(step, attempt, maxAttempts, deps, what = '') {
    const prefix = what ? `${what}: ` : '';
    deps.log(`${prefix}retrying in ${(step.waitMs / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${maxAttempts}).`);
    await deps.sleep(step.waitMs);
}
/** Longest pause between polls after failures, whatever the poll interval. */
const MAX_POLL_BACKOFF_MS = 60_000;
/**
 * The pause before the next poll of a wait after `failuresInRow` failed polls in a row (0 after a
 * good one): the interval, doubled per failure up to a minute (never below the interval); a
 * server's Retry-After is honoured when it asks for longer, up to the same minute.
 */
function pollDelayMs(intervalMs, failuresInRow, retryAfterHeader, now) {
    if (failuresInRow === 0)
        return intervalMs;
    const ceiling = Math.max(intervalMs, MAX_POLL_BACKOFF_MS);
    const backoff = Math.min(intervalMs * 2 ** failuresInRow, ceiling);
    const asked = retryAfterMs(retryAfterHeader, now);
    return asked === undefined ? backoff : Math.min(Math.max(backoff, asked), ceiling);
}


/***/ }),

/***/ 9793:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  dy: () => (/* binding */ describeResult),
  tN: () => (/* binding */ send),
  JG: () => (/* binding */ transportFor)
});

// UNUSED EXPORTS: EXPECT_CONTINUE_FROM

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
var external_node_http_default = /*#__PURE__*/__webpack_require__.n(external_node_http_);
// EXTERNAL MODULE: external "node:https"
var external_node_https_ = __webpack_require__(4708);
var external_node_https_default = /*#__PURE__*/__webpack_require__.n(external_node_https_);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/http/digest-body.ts

/** Hashes the answer as it streams in, past the cap by one byte at most: enough to tell "larger". */
async function digestBody(response, maxBytes) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    let size = 0;
    for await (const chunk of response) {
        const part = chunk.subarray(0, maxBytes + 1 - size);
        hash.update(part);
        size += part.length;
        if (size > maxBytes) {
            response.destroy();
            break;
        }
    }
    return { body: '', digest: { sha256: hash.digest('hex'), bytes: size } };
}

;// CONCATENATED MODULE: ./src/http/exchange-bounds.ts
/**
 * Starts the bounds of a request; `expired` is called once, with what ran out. `connected` tells
 * whether the time ran out before any connection was made.
 */
function exchangeBounds(timeoutMs, expired, connected) {
    const seconds = `${timeoutMs / 1000} s`;
    const interims = new Set();
    let answering = false;
    let timer;
    const arm = (reason) => {
        clearTimeout(timer);
        timer = setTimeout(() => expired(reason()), timeoutMs);
    };
    const stalled = () => {
        if (!connected())
            return `no connection within ${seconds}`;
        const codes = [...interims].map(status => `HTTP ${status}`).join(', ');
        const heard = codes ? `; the server's interim answers (${codes}) do not count` : '';
        return `sending the body made no progress for ${seconds}${heard}`;
    };
    const sending = () => {
        if (!answering)
            arm(stalled);
    };
    arm(stalled);
    return {
        bodyStarts: sending,
        bodyTaken: sending,
        awaitAnswer: () => {
            if (answering)
                return;
            answering = true;
            arm(() => `no complete answer within ${seconds}`);
        },
        interim: status => {
            interims.add(status);
        },
        clear: () => clearTimeout(timer)
    };
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
;// CONCATENATED MODULE: ./src/http/send-body.ts

const CHUNK = 1024 * 1024;
/**
 * Streams a file into a request through two reused buffers. fs.createReadStream allocates a fresh
 * buffer per chunk that V8 frees only late, so peak memory grew with the file (142 MiB for 1 GiB,
 * see docs/benchmarks.md); here a buffer is refilled only once the socket has taken it, which
 * `taken` hears of: the only sign that the server is reading.
 */
async function sendFile(req, body, taken) {
    const handle = await (0,promises_.open)(body.path, 'r');
    try {
        const buffers = [Buffer.allocUnsafeSlow(CHUNK), Buffer.allocUnsafeSlow(CHUNK)];
        // The write of the other buffer, awaited before that buffer is filled again.
        let flushed = Promise.resolve();
        for (let sent = 0, turn = 0; sent < body.size; turn++) {
            const buffer = buffers[turn % 2];
            const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK, body.size - sent), sent);
            await flushed;
            if (bytesRead === 0)
                throw new Error(`${body.path} got shorter while it was being sent`);
            if (req.destroyed)
                return;
            sent += bytesRead;
            const chunk = buffer.subarray(0, bytesRead);
            // Ended with the last byte, not at a later end-of-file read: the server may answer as soon
            // as it has Content-Length bytes, and the request must be complete by then.
            if (sent === body.size) {
                req.end(chunk);
                return;
            }
            flushed = new Promise((resolve, reject) => req.write(chunk, error => {
                if (error)
                    return reject(error);
                taken();
                resolve();
            }));
        }
        req.end();
    }
    finally {
        await handle.close();
    }
}
/**
 * How long to wait for `100 Continue` before sending the body anyway, as curl does (its
 * `--expect100-timeout` defaults to 1 s): a server or proxy may ignore the expectation.
 */
const CONTINUE_WAIT_MS = 1000;
/**
 * Sends the file once the server says `100 Continue`, or after `CONTINUE_WAIT_MS` of silence; not
 * at all when the server answers first (its refusal), which leaves the request to be destroyed.
 */
async function bodyOnContinue(req, body, answered, bounds) {
    // Node holds the headers until the first write: the server must see them to answer.
    req.flushHeaders();
    let timer;
    const go = await Promise.race([
        new Promise(resolve => {
            req.once('continue', () => resolve(true));
            timer = setTimeout(() => resolve(true), CONTINUE_WAIT_MS);
        }),
        answered.then(() => false, () => false)
    ]);
    clearTimeout(timer);
    if (go && !req.destroyed)
        await sendBody(req, body, bounds);
}
async function sendBody(req, body, bounds) {
    if (body === undefined) {
        req.end();
        return;
    }
    if (typeof body === 'string') {
        req.end(body);
        return;
    }
    try {
        bounds.bodyStarts();
        await sendFile(req, body, bounds.bodyTaken);
    }
    catch (error) {
        // A file that cannot be read to the end leaves the request unfinished: abandon it.
        req.destroy(error);
    }
}

// EXTERNAL MODULE: ./src/http/tls-errors.ts
var tls_errors = __webpack_require__(9433);
;// CONCATENATED MODULE: ./src/http/send.ts






/** One phrase for what came back: `HTTP 503`, `timed out`, `ECONNRESET`, … */
function describeResult(result) {
    if ('response' in result)
        return `HTTP ${result.response.status}`;
    if (result.failure.cancelled)
        return 'cancelled';
    return result.failure.timedOut ? 'timed out' : (result.failure.code ?? result.failure.message);
}
/**
 * Files larger than this are sent with `Expect: 100-continue`: a server that refuses them (401,
 * 403, 405, 413) says so before the body, at the cost of one round trip instead of the file.
 */
const EXPECT_CONTINUE_FROM = 1024 * 1024;
/** Bodies are only read to decide and to show: a server's answer is never needed whole. */
const MAX_BODY_BYTES = 256 * 1024;
/**
 * An answer whose headers are longer fails as a network error (node's default, made explicit):
 * every reader of a header value reads at most this much.
 */
const MAX_HEADER_BYTES = 16 * 1024;
/** Codes that mean no connection was ever made, so the server cannot have seen the request. */
const NEVER_CONNECTED = new Set([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EADDRNOTAVAIL'
]);
class RequestTimeout extends Error {
    code = 'ETIMEDOUT';
}
class RequestCancelled extends Error {
    code = 'ABORT_ERR';
}
/** `203.0.113.7:443`, `[2001:db8::1]:443`: where a connected socket leads. */
function peerOf(socket) {
    const { remoteAddress: address, remotePort: port } = socket;
    if (!address || port === undefined)
        return undefined;
    return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}
/** The module that speaks the URL's scheme; its Agent and its request go together. */
function transportFor(url) {
    return url.protocol === 'https:' ? (external_node_https_default()) : (external_node_http_default());
}
/** Sends one request and reads the answer; never throws for network trouble, it reports it. */
async function send(request) {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    if (request.signal?.aborted) {
        return {
            failure: {
                code: 'ABORT_ERR',
                message: 'not sent: the step was cancelled',
                timedOut: false,
                mayHaveReachedServer: false,
                permanent: false,
                cancelled: true,
                elapsedMs: 0
            }
        };
    }
    const open = openRequest(request);
    try {
        return await exchange(request, open, elapsed);
    }
    catch (error) {
        return { failure: failureOf(error, open.state, elapsed()) };
    }
    finally {
        open.bounds.clear();
        request.signal?.removeEventListener('abort', open.cancel);
    }
}
/** Starts the request and arms its time bounds and its cancellation; nothing is written yet. */
function openRequest(request) {
    const transport = transportFor(request.url);
    const state = { connected: false };
    const expectContinue = request.expect !== false &&
        typeof request.body === 'object' &&
        request.body.size > EXPECT_CONTINUE_FROM;
    const req = transport.request(request.url, {
        method: request.method,
        headers: expectContinue ? { ...request.headers, Expect: '100-continue' } : request.headers,
        agent: request.agent,
        maxHeaderSize: MAX_HEADER_BYTES
    });
    req.on('socket', socket => {
        const seen = () => {
            state.connected = true;
            state.peer = peerOf(socket);
        };
        // A kept-alive socket is already connected; a fresh one says so with 'connect'.
        if (!socket.connecting)
            seen();
        else
            socket.once('connect', seen);
    });
    const abort = (reason) => {
        state.timedOut ??= new RequestTimeout(reason);
        req.destroy(state.timedOut);
    };
    const cancel = () => {
        state.cancelled ??= new RequestCancelled('abandoned: the step was cancelled');
        req.destroy(state.cancelled);
    };
    request.signal?.addEventListener('abort', cancel, { once: true });
    // A large upload may take long in all, but the server must keep taking it; an answer, however
    // it trickles, must be whole within the time.
    const bounds = exchangeBounds(request.timeoutMs, abort, () => state.connected);
    req.on('information', info => bounds.interim(info.statusCode));
    if (typeof request.body === 'object') {
        req.once('finish', bounds.awaitAnswer);
        req.once('response', bounds.awaitAnswer);
    }
    else {
        bounds.awaitAnswer();
    }
    return { req, expectContinue, bounds, cancel, state };
}
/** Sends the body and reads the answer; network trouble, a time-out or a cancellation rejects. */
async function exchange(request, { req, expectContinue, bounds, state }, elapsed) {
    const answered = new Promise((resolve, reject) => {
        req.once('response', resolve);
        req.on('error', reject);
    });
    // Both sides run together: a server may answer (e.g. 401, 405) before reading the whole body.
    // A failure while sending destroys the request, so `answered` reports it.
    const sent = expectContinue
        ? bodyOnContinue(req, request.body, answered, bounds)
        : sendBody(req, request.body, bounds);
    const response = await answered;
    const read = request.digest
        ? await digestBody(response, request.maxBodyBytes ?? MAX_BODY_BYTES)
        : { body: await readBody(response, request.maxBodyBytes) };
    // The server has answered before taking the whole body: the rest is of no use to it.
    if (!req.writableEnded)
        req.destroy();
    await sent;
    // A server that does not do expectations says 417 before any body: ask again without one,
    // as curl does.
    if (expectContinue && response.statusCode === 417)
        return send({ ...request, expect: false });
    const { peer } = state;
    return {
        response: {
            status: response.statusCode ?? 0,
            headers: response.headers,
            ...read,
            elapsedMs: elapsed(),
            ...(peer ? { peer } : {})
        }
    };
}
/** The failure to report: a time-out or a cancellation, rather than the error it caused. */
function failureOf(error, state, elapsedMs) {
    const { connected, timedOut, cancelled } = state;
    const err = (timedOut ?? cancelled ?? error);
    const tls = (0,tls_errors/* isTlsCode */.n)(err.code ?? '');
    return {
        code: err.code,
        message: err.message || String(error),
        timedOut: timedOut !== undefined,
        // A failed handshake sent no request, even over a connection that was made; a request
        // abandoned before its connection was made never left.
        mayHaveReachedServer: !tls && (connected || (!cancelled && !NEVER_CONNECTED.has(err.code ?? ''))),
        permanent: tls,
        ...(cancelled && !timedOut ? { cancelled: true } : {}),
        elapsedMs
    };
}
/** Reads the answer up to the cap; past it the connection is closed, as the rest is of no use. */
async function readBody(response, maxBytes = MAX_BODY_BYTES) {
    const chunks = [];
    let size = 0;
    for await (const chunk of response) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        size += chunk.length;
        if (size >= maxBytes) {
            response.destroy();
            break;
        }
    }
    return Buffer.concat(chunks).toString('utf8');
}


/***/ }),

/***/ 9433:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   n: () => (/* binding */ isTlsCode)
/* harmony export */ });
/**
 * Node's and OpenSSL's codes for a failed TLS handshake: an untrusted, expired or mismatched
 * certificate, or https to a port that speaks plain http (EPROTO). The request itself was never
 * sent, and sending it again fails the same way.
 */
function isTlsCode(code) {
    return /^(?:ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/.test(code);
}


/***/ }),

/***/ 7316:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ formatDuration)
/* harmony export */ });
/** A duration as people read it in a log: `0.4 s`, `12 s`, `3 min 5 s`, `2 h 10 min`. */
function formatDuration(ms) {
    if (!Number.isFinite(ms) || ms < 0)
        return 'unknown';
    if (ms < 10_000)
        return `${(Math.round(ms / 100) / 10).toString()} s`;
    const seconds = Math.round(ms / 1000);
    if (seconds < 60)
        return `${seconds} s`;
    const minutes = Math.floor(seconds / 60);
    if (minutes < 60)
        return `${minutes} min ${seconds % 60} s`;
    return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}


/***/ }),

/***/ 1493:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ jsonOutput),
/* harmony export */   u: () => (/* binding */ setOutput)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2714);
/* harmony import */ var _inert_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7150);
/* harmony import */ var _secrets_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4367);



/**
 * The action's only way to its outputs. Later steps paste them into shells and echo them, so
 * each value passes `inertOutput`: no secret, one line, no workflow command.
 */
function setOutput(name, value) {
    _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH(name, (0,_inert_js__WEBPACK_IMPORTED_MODULE_1__/* .inertOutput */ .Gv)(String(value)));
}
/**
 * A JSON output whose every string is redacted before it is written, and in which nothing a
 * reader takes for a line break or an old-style `##[command]` is left: those characters are
 * written as JSON escapes, which every JSON reader turns back into the same text.
 */
function jsonOutput(value) {
    return JSON.stringify(value, (_key, item) => typeof item === 'string' ? (0,_secrets_js__WEBPACK_IMPORTED_MODULE_2__/* .redact */ .E$)(item) : item).replace(/#(?=#\[)|[\u007f-\u009f\u2028\u2029]/g, char => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}


/***/ }),

/***/ 5523:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ counted),
/* harmony export */   i: () => (/* binding */ agrees)
/* harmony export */ });
// How a count is said in the log and the summary: "1 file", "3 files", never "file(s)".
/** The count with its noun, singular or plural as the count asks. */
function counted(count, noun, plural = `${noun}s`) {
    return `${count} ${count === 1 ? noun : plural}`;
}
/** The verb that agrees with a count: `agrees(1, 'is', 'are')` is `is`. */
function agrees(count, one, many) {
    return count === 1 ? one : many;
}


/***/ }),

/***/ 8735:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Xb: () => (/* binding */ neverReached),
/* harmony export */   oT: () => (/* binding */ answerer),
/* harmony export */   tw: () => (/* binding */ refusalLine)
/* harmony export */ });
/* harmony import */ var _diagnosis_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6158);

/**
 * Who answered, to open a sentence or end an annotation's title, for both modes: the CDN by name,
 * AWS, the origin's web server or a plugin inside the application, or `app` (`Airflow`,
 * `WordPress`) itself. A CDN that only passed the application's answer through is not named.
 */
function answerer(verdict, app) {
    const where = verdict?.host ?? app;
    switch (verdict?.layer) {
        case 'cdn':
            return verdict.vendor
                ? `${verdict.vendor} (the CDN in front of ${where})`
                : `The CDN or proxy in front of ${where}`;
        case 'aws':
            return verdict.vendor ? `AWS (${verdict.vendor})` : 'AWS';
        case 'origin': {
            const part = verdict.originPart;
            if (part?.kind === 'web-server')
                return `The web server in front of ${app} (${part.name})`;
            if (part?.kind === 'plugin')
                return `${part.name} (a security plugin inside ${app})`;
            return app;
        }
        case 'network':
            return 'The network';
        default:
            return verdict?.host ? `The server at ${verdict.host}` : 'The server';
    }
}
/**
 * The sentence that leads a refusal, naming who answered and quoting its words: `WordPress
 * refused the upload: HTTP 403 (Sorry, you are not allowed to upload files).` `what` is what was
 * refused (`the upload`). Undefined when no error answer came (a network failure, a success).
 */
function refusalLine(verdict, app, what) {
    const status = verdict?.status;
    if (!verdict || status === undefined || status < 400)
        return undefined;
    const words = verdict.said ? ` (${(0,_diagnosis_text_js__WEBPACK_IMPORTED_MODULE_0__/* .withoutFinalStop */ .fz)(verdict.said)})` : '';
    const who = answerer(verdict, app);
    const said = status >= 500 ? `answered ${what} with HTTP ${status}` : `refused ${what}: HTTP ${status}`;
    return `${who} ${said}${words}${neverReached(verdict, app)}.`;
}
/** `; it never reached Airflow`, when a layer in front refused the request itself; else nothing. */
function neverReached(verdict, app) {
    return verdict?.blocked ? `; it never reached ${app}` : '';
}


/***/ }),

/***/ 8981:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hn: () => (/* binding */ layerName),
/* harmony export */   rz: () => (/* binding */ verdictLines),
/* harmony export */   sW: () => (/* binding */ renderDiagnosis)
/* harmony export */ });
/* harmony import */ var _html_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1479);

const LAYER_NAMES = {
    cdn: 'CDN',
    origin: 'origin server',
    network: 'network',
    aws: 'AWS',
    unknown: 'unknown'
};
function layerName(verdict) {
    const name = LAYER_NAMES[verdict.layer];
    if (!verdict.vendor)
        return name;
    // An origin answer relayed by a CDN still came from the origin; name the CDN as the messenger.
    return verdict.layer === 'origin'
        ? `${name} (via ${verdict.vendor})`
        : `${name} (${verdict.vendor})`;
}
/** The verdict and its first remedy, for an error annotation: what to do, not only what happened. */
function verdictLines(verdict) {
    const first = verdict.remedies[0];
    return first ? `${verdict.headline}\nWhat to do: ${first}` : verdict.headline;
}
/**
 * The Diagnosis block: the verdict in one sentence and what to do, a bulleted list of actions,
 * since it leads a failed step's section; the notes that rule causes out in a sentence of their
 * own after it; then who answered, and the evidence folded, for whoever checks the reasoning.
 */
function renderDiagnosis(verdict) {
    const facts = [
        `Layer: ${layerName(verdict)}`,
        verdict.edgeNode ? `Edge node: \`${verdict.edgeNode}\`` : undefined,
        verdict.requestId ? `Request id: \`${verdict.requestId}\`` : undefined
    ].filter((fact) => fact !== undefined);
    const list = (items) => items.length
        ? `<ul>${items.map(item => `<li>${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .prose */ .CS)((0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .cap */ .Np)(item, 400))}</li>`).join('')}</ul>`
        : '';
    return (0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .lines */ .Mn)([
        '<h3>Diagnosis</h3>',
        `<p><strong>${(0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .prose */ .CS)(verdict.headline)}</strong></p>`,
        verdict.remedies.length ? `<p>What to do:</p>${list(verdict.remedies)}` : '',
        verdict.notes?.length
            ? `<p>${verdict.notes.map(note => (0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .prose */ .CS)((0,_html_js__WEBPACK_IMPORTED_MODULE_0__/* .cap */ .Np)(note, 400))).join(' ')}</p>`
            : '',
        `<p>${facts.map(_html_js__WEBPACK_IMPORTED_MODULE_0__/* .prose */ .CS).join(' · ')}</p>`,
        verdict.evidence.length
            ? `<details><summary>Evidence</summary>${list(verdict.evidence)}</details>`
            : ''
    ]);
}


/***/ }),

/***/ 8750:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ setDiagnosisOutputs)
/* harmony export */ });
/* harmony import */ var _inputs_names_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5585);
/* harmony import */ var _log_inert_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7150);
/* harmony import */ var _log_output_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1493);



/** The `diagnosis` and `edge-node` outputs of the answer that decided the step. */
function setDiagnosisOutputs(verdict) {
    (0,_log_output_js__WEBPACK_IMPORTED_MODULE_2__/* .setOutput */ .u)(_inputs_names_js__WEBPACK_IMPORTED_MODULE_0__/* .OUTPUT */ .aQ.diagnosis, verdict.layer);
    if (verdict.edgeNode)
        (0,_log_output_js__WEBPACK_IMPORTED_MODULE_2__/* .setOutput */ .u)(_inputs_names_js__WEBPACK_IMPORTED_MODULE_0__/* .OUTPUT */ .aQ.edgeNode, (0,_log_inert_js__WEBPACK_IMPORTED_MODULE_1__/* .outputWord */ .u)(verdict.edgeNode));
}


/***/ }),

/***/ 2991:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  dd: () => (/* binding */ answeredBy),
  TB: () => (/* binding */ explainBlock),
  jU: () => (/* binding */ failAnsweredBy),
  n4: () => (/* binding */ noteAddressChange)
});

// EXTERNAL MODULE: ./src/diagnosis/index.ts + 9 modules
var diagnosis = __webpack_require__(2589);
// EXTERNAL MODULE: external "node:dns/promises"
var promises_ = __webpack_require__(1553);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
;// CONCATENATED MODULE: ./src/http/dns-records.ts


/** A lookup is evidence, not the job: it never holds the step long. */
const LOOKUP_MS = 3000;
const CANCELLED = 'the step was cancelled';
/**
 * The host's A and AAAA records with their TTL, as the runner's resolver answers them (the
 * system's DNS servers, not /etc/hosts: the TTL only exists in DNS). A cancel of the step ends
 * the look-up at once, as its time-out does.
 */
async function lookUpRecords(hostname, signal, resolver = new promises_.Resolver({ timeout: LOOKUP_MS, tries: 1 })) {
    const host = hostname.replace(/^\[|\]$/g, '');
    if ((0,external_node_net_.isIP)(host))
        return { kind: 'address' };
    if (signal?.aborted)
        return { kind: 'unknown', host, why: CANCELLED };
    let timer;
    let cancel = () => { };
    const givenUp = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${LOOKUP_MS / 1000} s`)), LOOKUP_MS);
        cancel = () => reject(new Error(CANCELLED));
        signal?.addEventListener('abort', cancel, { once: true });
    });
    const ask = async (type) => {
        try {
            const found = await (type === 'A'
                ? resolver.resolve4(host, { ttl: true })
                : resolver.resolve6(host, { ttl: true }));
            return found.map(({ address, ttl }) => ({ type, address, ttl }));
        }
        catch (error) {
            return error instanceof Error ? error : new Error(String(error));
        }
    };
    try {
        const answers = await Promise.race([Promise.all([ask('A'), ask('AAAA')]), givenUp]);
        const records = answers.flatMap(answer => (answer instanceof Error ? [] : answer));
        if (records.length > 0)
            return { kind: 'records', host, records };
        const why = answers
            .map(answer => (answer instanceof Error ? errorCode(answer) : 'no records'))
            .join(', ');
        return { kind: 'unknown', host, why };
    }
    catch (error) {
        return { kind: 'unknown', host, why: errorCode(error) };
    }
    finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        resolver.cancel?.();
    }
}
function errorCode(error) {
    return error.code ?? error.message;
}

// EXTERNAL MODULE: ./src/log/log.ts
var log = __webpack_require__(5384);
// EXTERNAL MODULE: ./src/summary/answerer.ts
var answerer = __webpack_require__(8735);
// EXTERNAL MODULE: ./src/summary/diagnosis-block.ts
var diagnosis_block = __webpack_require__(8981);
;// CONCATENATED MODULE: ./src/summary/step-end.ts





/** An error annotation's title that names who answered: "Run not created: answered by Airflow". */
function answeredBy(title, verdict, app) {
    return `${title}: answered by ${(0,answerer/* answerer */.oT)(verdict, app)}`;
}
/** Fails the step with `message`, the verdict and its first remedy, titled with who answered. */
function failAnsweredBy(message, verdict, title, app) {
    log/* log */.R.fail(`${message}\n${(0,diagnosis_block/* verdictLines */.rz)(verdict)}`, answeredBy(title, verdict, app));
}
/** A CDN's block lifts for this runner only once DNS leads past it: say when that can be. */
async function explainBlock(verdict, baseUrl, signal) {
    if (verdict.blocked && baseUrl) {
        (0,diagnosis/* addDnsEvidence */.MY)(verdict, await lookUpRecords(baseUrl.hostname, signal));
    }
}
/** Says in the log when more than one address answered, and returns it for the summary. */
function noteAddressChange(peers) {
    const moved = (0,diagnosis/* addressChange */.B$)(peers);
    if (moved)
        log/* log */.R.info(moved);
    return moved;
}


/***/ })

};
