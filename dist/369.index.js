export const id = 369;
export const ids = [369];
export const modules = {

/***/ 8461:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  lY: () => (/* binding */ findFiles),
  uz: () => (/* binding */ naturalOrder),
  ou: () => (/* binding */ noMatchMessage)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
var external_node_os_default = /*#__PURE__*/__webpack_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/inputs/names.ts
var names = __webpack_require__(5585);
// EXTERNAL MODULE: ./node_modules/mime-types/index.js
var mime_types = __webpack_require__(4096);
;// CONCATENATED MODULE: ./src/upload/files/media-type.ts

const UNKNOWN_MEDIA_TYPE = 'application/octet-stream';
/** The media type WordPress will check the file against, from its extension. */
function mediaTypeOf(fileName) {
    return (0,mime_types.lookup)(fileName) || UNKNOWN_MEDIA_TYPE;
}

// EXTERNAL MODULE: ./src/upload/files/pattern-hints.ts
var pattern_hints = __webpack_require__(7520);
// EXTERNAL MODULE: ./src/log/words.ts
var words = __webpack_require__(5523);
;// CONCATENATED MODULE: ./src/upload/files/files.ts







const GLOB_CHARACTERS = /[*?[\]{}]/;
/**
 * Natural order, as people number files (p2 before p10): runs of digits compare as numbers, all
 * else character by character, as a plain sort does (a locale's collation would mix cases).
 */
function naturalOrder(a, b) {
    const runs = (text) => text.match(/\d+|\D+/g) ?? [];
    const [left, right] = [runs(a), runs(b)];
    for (let i = 0; i < Math.min(left.length, right.length); i++) {
        const [x, y] = [left[i], right[i]];
        if (x === y)
            continue;
        if (/^\d/.test(x) && /^\d/.test(y) && Number(x) !== Number(y))
            return Number(x) - Number(y);
        return x < y ? -1 : 1;
    }
    return left.length - right.length;
}
/**
 * A literal path as the glob library reads it: `[`, `?` and `*` in a directory name (a runner's
 * work folder may have them) match only themselves, in the library's own escape syntax.
 */
function globEscape(literal) {
    // On Windows `\` separates directories; elsewhere the library reads it as an escape.
    return (process.platform === 'win32' ? literal : literal.replace(/\\/g, '\\\\'))
        .replace(/\[/g, '[[]')
        .replace(/\?/g, '[?]')
        .replace(/\*/g, '[*]');
}
/**
 * A pattern as the glob library reads it, anchored in the workspace when relative: the library
 * roots a relative pattern in the current directory, and a local run may start anywhere.
 */
function anchored(pattern, workspace) {
    const negated = pattern.startsWith('!');
    const body = negated ? pattern.slice(1) : pattern;
    const absolute = body.startsWith('~')
        ? external_node_path_default().join(globEscape(external_node_os_default().homedir()), body.slice(1))
        : external_node_path_default().isAbsolute(body)
            ? body
            : external_node_path_default().join(globEscape(workspace), body);
    return `${negated ? '!' : ''}${absolute}`;
}
const isRelative = (pattern) => !external_node_path_default().isAbsolute(pattern) && !pattern.startsWith('~');
/**
 * The directory a pattern lets files come from: the workspace for a relative pattern; for an
 * absolute one (`${{ runner.temp }}/out/*.png`, the user's explicit choice), its part before the
 * first glob character.
 */
function root(pattern, workspace) {
    if (isRelative(pattern))
        return workspace;
    const segments = anchored(pattern, workspace).split((external_node_path_default()).sep);
    const literal = segments.findIndex(segment => GLOB_CHARACTERS.test(segment));
    // A pattern without glob characters names a file: its directory is the root.
    const kept = literal === -1 ? segments.slice(0, -1) : segments.slice(0, literal);
    return kept.join((external_node_path_default()).sep) || (external_node_path_default()).sep;
}
const inside = (dir, file) => {
    const relative = external_node_path_default().relative(dir, file);
    return relative !== '' && !relative.startsWith('..') && !external_node_path_default().isAbsolute(relative);
};
/** Why a matched path must not be sent, or undefined when it may. */
async function refusal(file, roots) {
    let real;
    try {
        real = await (0,promises_.realpath)(file);
    }
    catch {
        // A file that vanished since matching is reported when its turn comes, not here.
        return undefined;
    }
    // The roots of the patterns that matched this path; their real paths, as links may lead there.
    const own = await Promise.all(roots.filter(dir => inside(dir, file)).map(dir => (0,promises_.realpath)(dir).catch(() => dir)));
    if (!own.some(dir => inside(dir, real))) {
        const where = roots.length === 1 ? roots[0] : 'the directories its patterns are rooted in';
        return real === file
            ? `lies outside ${where}`
            : `is a link to ${real}, outside ${where}: a link must not carry a file from elsewhere into a public media library`;
    }
    const info = await (0,promises_.stat)(real);
    if (!info.isFile())
        return 'is not a regular file (a device, socket or pipe)';
    if (info.size === 0)
        return 'is empty (0 bytes): WordPress refuses an empty upload';
    return undefined;
}
/** What to say when the patterns matched no file: which, where, and the likely mistakes. */
function noMatchMessage(patterns, workspace) {
    return [
        `Input "${names/* INPUT */.bO.files}" expected glob patterns that match at least one file, but none matched in ${workspace}: ${patterns.map(p => JSON.stringify(p)).join(', ')}.`,
        ...(0,pattern_hints/* hintLines */.L)(patterns)
    ].join('\n');
}
async function glob(create, patterns) {
    try {
        const globber = await create(patterns.join('\n'), { matchDirectories: false });
        return [...new Set(await globber.glob())].sort(naturalOrder);
    }
    catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Input "${names/* INPUT */.bO.files}" has a pattern the glob library refuses: ${reason}`);
    }
}
/**
 * Warns about each line that looks mistaken (a Windows path, several patterns on one line) and
 * matched nothing by itself, while other lines did: the files it meant would silently be missing.
 */
async function warnUnmatched(create, patterns, workspace, warn) {
    for (const pattern of patterns) {
        if (pattern.startsWith('!'))
            continue;
        const hints = (0,pattern_hints/* patternHints */.J)(pattern);
        if (hints.length === 0)
            continue;
        if ((await glob(create, [anchored(pattern, workspace)])).length > 0)
            continue;
        warn(`Input "${names/* INPUT */.bO.files}": the line ${JSON.stringify(pattern)} matched no file, while other lines did. It ${hints.join('; it ')}.`);
    }
}
/**
 * Resolves the `files` patterns to regular files, in a stable order, each once (none when nothing
 * matched: `noMatchMessage` says why); refuses, before anything is sent, a match that is empty,
 * not a regular file, or a link that leads out of the directory its pattern is rooted in.
 */
async function findFiles(patterns, workspace, warn = () => { }) {
    const { create } = await __webpack_require__.e(/* import() */ 377).then(__webpack_require__.bind(__webpack_require__, 2377));
    const paths = await glob(create, patterns.map(pattern => anchored(pattern, workspace)));
    if (paths.length === 0)
        return [];
    await warnUnmatched(create, patterns, workspace, warn);
    const roots = [
        ...new Set(patterns.filter(pattern => !pattern.startsWith('!')).map(pattern => root(pattern, workspace)))
    ];
    const display = (file) => {
        const relative = external_node_path_default().relative(workspace, file);
        return relative.startsWith('..') ? file : relative;
    };
    const refused = (await Promise.all(paths.map(async (file) => {
        const why = await refusal(file, roots);
        return why ? [`- ${display(file)} ${why}`] : [];
    }))).flat();
    if (refused.length > 0) {
        const listed = refused.slice(0, 20);
        if (refused.length > listed.length)
            listed.push(`- … and ${refused.length - listed.length} more`);
        throw new Error([
            `Input "${names/* INPUT */.bO.files}" matched ${(0,words/* counted */.h)(refused.length, 'file')} that will not be sent; nothing was sent:`,
            ...listed,
            'Narrow the patterns, or remove these files before the step.'
        ].join('\n'));
    }
    return Promise.all(paths.map(async (file) => ({
        path: file,
        display: display(file),
        size: await (0,promises_.stat)(file).then(info => info.size, () => 0),
        mediaType: mediaTypeOf(file)
    })));
}


/***/ }),

/***/ 7520:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ patternHints),
/* harmony export */   L: () => (/* binding */ hintLines)
/* harmony export */ });
/**
 * The usual reasons a `files` line matches nothing although the files are there: a Windows path,
 * several patterns on one line. Said only about a line that matched nothing, since a name may
 * legitimately have a space, a comma or (outside Windows) a backslash.
 */
function patternHints(pattern, platform = process.platform) {
    const body = pattern.startsWith('!') ? pattern.slice(1) : pattern;
    const hints = [];
    // On Windows both are what the glob library expects; elsewhere they name nothing.
    if (platform !== 'win32') {
        if (/^[A-Za-z]:[\\/]/.test(body)) {
            hints.push('is a Windows path, but this runner is not Windows: give a path relative to the workspace, with "/" between directories');
        }
        else if (body.includes('\\')) {
            hints.push(`has "\\": glob patterns separate directories with "/" ("\\" escapes the next character), e.g. ${JSON.stringify(body.replace(/\\/g, '/'))}`);
        }
    }
    // A comma inside braces is the glob's own list ({png,jpg}).
    const outsideBraces = body.replace(/\{[^{}]*\}/g, '');
    if (outsideBraces.includes(',')) {
        hints.push('has ",": give one pattern per line, not a comma-separated list');
    }
    else if (/\s/.test(body)) {
        hints.push('has a space: if it is several patterns, give one per line');
    }
    return hints;
}
/** One line per hint, naming the pattern: for the message when a pattern matched nothing. */
function hintLines(patterns, platform) {
    return patterns.flatMap(pattern => patternHints(pattern, platform).map(hint => `- ${JSON.stringify(pattern)} ${hint}.`));
}


/***/ }),

/***/ 3649:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $g: () => (/* binding */ filesOfLeg),
/* harmony export */   A$: () => (/* binding */ shardPath),
/* harmony export */   ZQ: () => (/* binding */ legLine),
/* harmony export */   bM: () => (/* binding */ MAX_LEGS)
/* harmony export */ });
/* unused harmony export legOf */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _log_words_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5523);



/** The most jobs one GitHub Actions matrix runs. */
const MAX_LEGS = 256;
/**
 * The path a file's leg is chosen by: as `files` matched it (relative to the workspace), with `/`
 * between folders, so that a Windows leg and a Linux leg of one matrix agree.
 */
function shardPath(display, sep = (node_path__WEBPACK_IMPORTED_MODULE_1___default().sep)) {
    return sep === '/' ? display : display.split(sep).join('/');
}
/** MurmurHash3's 32-bit finalizer: every input bit moves about half of the output bits. */
function fmix32(value) {
    let h = value ^ (value >>> 16);
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
}
/**
 * The leg (1 to `count`) that sends the file at `file` (a `shardPath`), by rendezvous
 * (highest-random-weight) hashing: every leg gets a weight from the path and its own number, and
 * the heaviest takes the file. A file's leg thus depends on its path and `count` alone, never on
 * the other files: a re-run gives each leg the same files, adding or removing files moves none of
 * the others, and a change of `count` moves only the files the new or the gone leg wins (about 1
 * in `count`), where `hash mod count` would move nearly all. SHA-256, not a seeded or per-process
 * hash, so that every runner and Node version computes the same; one digest per file, each
 * leg's weight mixed from it, so 256 legs cost no more than one.
 */
function legOf(file, count) {
    const digest = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(file, 'utf8').digest();
    const high = digest.readUInt32BE(0);
    const low = digest.readUInt32BE(4);
    let best = 1;
    let heaviest = -1;
    for (let leg = 1; leg <= count; leg++) {
        const weight = fmix32(high ^ fmix32((low + Math.imul(leg, 0x9e3779b1)) >>> 0));
        if (weight > heaviest)
            [best, heaviest] = [leg, weight];
    }
    return best;
}
/** The files of one leg, in the order they were matched. */
function filesOfLeg(files, shard) {
    return files.filter(file => legOf(shardPath(file.display), shard.count) === shard.index);
}
/** `leg 2 of 4: 31 of 120 matched files`, for the log and the summary. */
function legLine(shard, sent, matched) {
    return `leg ${shard.index} of ${shard.count}: ${sent} of ${(0,_log_words_js__WEBPACK_IMPORTED_MODULE_2__/* .counted */ .h)(matched, 'matched file')}`;
}


/***/ }),

/***/ 2369:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runUploadMode: () => (/* binding */ runUploadMode)
});

// EXTERNAL MODULE: ./src/log/log.ts
var log = __webpack_require__(5384);
// EXTERNAL MODULE: ./src/log/words.ts
var words = __webpack_require__(5523);
// EXTERNAL MODULE: ./src/summary/outputs.ts
var outputs = __webpack_require__(8750);
// EXTERNAL MODULE: ./src/summary/step-end.ts + 1 modules
var step_end = __webpack_require__(2991);
// EXTERNAL MODULE: ./src/inputs/names.ts
var inputs_names = __webpack_require__(5585);
// EXTERNAL MODULE: ./src/diagnosis/index.ts + 9 modules
var diagnosis = __webpack_require__(2589);
// EXTERNAL MODULE: ./src/diagnosis/text.ts
var diagnosis_text = __webpack_require__(6158);
// EXTERNAL MODULE: ./src/http/send.ts + 3 modules
var send = __webpack_require__(9793);
// EXTERNAL MODULE: ./src/http/api-url.ts
var api_url = __webpack_require__(6608);
// EXTERNAL MODULE: ./src/http/headers.ts
var http_headers = __webpack_require__(9718);
;// CONCATENATED MODULE: ./src/upload/wordpress/remedies.ts



const PERMISSIONS = 'The user is logged in but may not upload media: give it the `upload_files` capability (the Author role or higher), or check security plugins that restrict the REST API.';
const MAY_NOT_EDIT = 'The user may not edit this post, so WordPress refuses to change it or to attach media to it: use an application password of a user who may (an Editor edits every post and page, an Author only their own posts), or name another post in `attach-to`.';
const COMMERCE = (0,diagnosis/* note */.N4)('A working commerce (WooCommerce) API key proves nothing about these credentials: it is a different mechanism.');
const WRONG_CREDENTIALS = 'Check `username` (the login name) and that `app-password` is an application password of that user (Users → Profile → Application Passwords), not the login password.';
/** What WordPress said, to follow a colon, or nothing. */
function said(app) {
    return app?.summary ? `: ${app.summary}` : '';
}
/** The remedy for a path where WordPress's REST API is not, with the root the site announced. */
function wrongPath(context, restRoot) {
    const announced = restRoot ? ` This site announces its REST API at \`${restRoot}\`.` : '';
    return context.apiSource === 'default'
        ? `Check \`base-url\`: no WordPress announced its REST API there (WordPress names it in the \`Link\` header of every page), so it is not the site's address; or set \`api-path\` to where the site serves it (\`/wp-json/wp/v2\`, or \`/index.php?rest_route=/wp/v2\` without pretty permalinks).${announced}`
        : `Check \`api-path\`: WordPress serves \`/wp-json/wp/v2\`, or \`/index.php?rest_route=/wp/v2\` without pretty permalinks.${(0,diagnosis/* leaveApiPathEmpty */.w5)(context)}${announced}`;
}
/** A 400: the body or its headers did not arrive as WordPress reads them. */
function badRequest({ app }) {
    const code = app?.code ?? '';
    if (code === 'rest_upload_no_data') {
        return [
            'WordPress received an empty body: check that the file is not empty and that no proxy drops request bodies.'
        ];
    }
    if (/^rest_upload_(?:no_content_type|no_content_disposition|invalid_disposition)$/.test(code)) {
        return [
            'WordPress could not read the `Content-Type` or `Content-Disposition` header: a proxy may drop them, or the file name contains `;` or `"`, which WordPress cannot parse; rename the file.'
        ];
    }
    if (code === 'rest_invalid_json') {
        return [
            "WordPress read the body as JSON: the upload must carry the image's own media type as `Content-Type`."
        ];
    }
    if (code === 'rest_upload_image_type_not_supported') {
        return [
            "WordPress (6.8 and later) refuses an image type its image editor cannot read on this server, since it could not make the image's sizes: convert the images to JPEG or PNG, or have the host give PHP an image library that reads the type (Imagick, or a GD built with it). Files of other types are not affected."
        ];
    }
    if (/cannot/.test(code))
        return [PERMISSIONS];
    return [`WordPress rejected the request as invalid${said(app)}.`];
}
/** WordPress lists the methods an anonymous request may use in `allow`: without ours, no one logged in. */
function answeredAnonymous(headers, method) {
    const allow = (0,http_headers/* headerValue */.Z)(headers, 'allow');
    if (allow === undefined)
        return undefined;
    return allow.split(',').some(allowed => allowed.trim().toUpperCase() === method)
        ? undefined
        : allow;
}
/** A 401: the credentials were off, never arrived, or cannot be used on this site. */
function credentialsRefused({ context, headers, app }) {
    const code = app?.code ?? '';
    if (code === 'application_passwords_disabled') {
        return [
            'Application passwords are disabled on this site: a plugin turned them off, or the site is not served over HTTPS.',
            COMMERCE
        ];
    }
    // These codes come from checking the credentials, so the Authorization header did arrive.
    if (/^(?:invalid_username|invalid_email|incorrect_password)$/.test(code)) {
        return [
            `WordPress received the credentials and rejected them (\`${code}\`). ${WRONG_CREDENTIALS}`,
            COMMERCE
        ];
    }
    const allow = answeredAnonymous(headers, context.method.toUpperCase());
    return allow !== undefined
        ? [
            `WordPress handled the request as anonymous (\`allow: ${(0,diagnosis_text/* clip */.$Q)(allow, 40)}\`): the Authorization header did not reach WordPress. Either a proxy or the CGI/FastCGI setup strips it (Apache: \`CGIPassAuth On\`), or application passwords are off because the site is not served over HTTPS.`,
            WRONG_CREDENTIALS,
            COMMERCE
        ]
        : [`WordPress rejected the credentials. ${WRONG_CREDENTIALS}`, COMMERCE];
}
/** A 404: the API is elsewhere, or its media route is off. */
function noRoute({ context, app, restRoot }) {
    const missing = app?.code === 'rest_no_route'
        ? `WordPress has no route for ${context.method.toUpperCase()} ${(0,diagnosis/* route */.wE)(context)}, or a plugin disabled the REST API or its media endpoint. `
        : '';
    return `${missing}${wrongPath(context, restRoot)}`;
}
/**
 * `rest_upload_sideload_error`: the file could not be stored. _wp_handle_upload
 * (wp-admin/includes/file.php) says "could not be moved to" when the month's folder is not
 * writable; wp_upload_dir (wp-includes/functions.php) "Unable to create directory". Anything else
 * is the file's type.
 */
function sideloadFailed({ app }) {
    return /could not be moved to|unable to create directory/i.test(app?.said ?? '')
        ? "WordPress could not write the file into its uploads folder: give the web server's user (often www-data) write permission on wp-content/uploads and its year/month folders, and check that the disk has room. This is the server, not the file: every upload fails the same way until it is fixed."
        : "WordPress refused the file type. It judges by the file name's extension and the content it finds, not by `Content-Type`: upload a type WordPress accepts, give the file a name whose extension matches its content, or allow the type on the site (the `upload_mimes` filter, or a plugin that adds it).";
}
/**
 * A 5xx. A fatal error shows WP_Fatal_Error_Handler::display_default_error_template
 * (wp-includes/class-wp-fatal-error-handler.php): an HTML page, or JSON `internal_server_error`
 * when wp_is_json_request().
 */
function serverFailed({ context, app, bodyStart }) {
    return app?.code === 'internal_server_error' ||
        /critical error on this website/i.test(bodyStart ?? '')
        ? `WordPress stopped on a fatal PHP error ("There has been a critical error on this website"). With uploads it is most often PHP's memory: an upload sent as a request body needs about twice the file's size of PHP memory, so raise \`memory_limit\` or upload smaller images; otherwise read the PHP error log on ${context.host} (set \`WP_DEBUG_LOG\`).`
        : `WordPress failed while handling the request: read the PHP error log on ${context.host} (set \`WP_DEBUG_LOG\`), and re-run once it is fixed.`;
}
/** What to do about an answer WordPress itself gave, one situation per status or error code. */
function wordpressRemedies(situation) {
    const { context, status, headers, app } = situation;
    if (status === 400)
        return badRequest(situation);
    if (status === 401)
        return credentialsRefused(situation);
    if (status === 403)
        return [app?.code === 'rest_cannot_edit' ? MAY_NOT_EDIT : PERMISSIONS];
    if (status === 404)
        return [noRoute(situation)];
    if (status === 405) {
        return [
            `WordPress (or a plugin) does not accept ${context.method.toUpperCase()} at ${(0,diagnosis/* route */.wE)(context)}: check \`api-path\` and plugins that restrict REST methods.`
        ];
    }
    if (status === 412) {
        return [
            "WordPress's `Content-MD5` check failed: the body that arrived differs from the file the checksum was computed on; a proxy may alter uploads."
        ];
    }
    if (status === 413)
        return [(0,diagnosis/* tooLarge */.g$)('the server')];
    if (status === 429)
        return [(0,diagnosis/* rateLimited */.xd)('WordPress', headers)];
    if (app?.code === 'rest_upload_sideload_error')
        return [sideloadFailed(situation)];
    if (status >= 500)
        return [serverFailed(situation)];
    return [
        `WordPress answered ${status}${said(app)}; the request reached WordPress, so no CDN rule is involved.`
    ];
}
/** WordPress, as the diagnosis of its answers knows it. */
const wordpressProfile = {
    name: 'WordPress',
    item: 'media item',
    collection: '/media',
    backend: 'PHP-FPM',
    absentMarks: 'no `X-WP-*` or `X-RateLimit-*` headers, no `api.w.org` link and no WordPress JSON',
    // A site is served whole through its CDN, and its owner can turn the CDN off for the host.
    cdnBypass: 'disable-for-host',
    credentialsRuledOut: {
        refusedBy: who => `The credentials are not the cause: ${who} refused the request before WordPress could check them, so do not rotate the application password.`,
        unseen: 'The credentials are not the cause: WordPress never saw the request.'
    },
    wrongPath,
    remedies: wordpressRemedies
};

;// CONCATENATED MODULE: ./src/upload/wordpress/posts-api.ts


/** No page of a site needs a longer address; the summary shows nothing longer. */
const MAX_LINK_LENGTH = 2048;
/** A `rest_base` taken from the server, used in a path only when it is plain path segments. */
function isRoute(value) {
    return (typeof value === 'string' &&
        value.length <= 100 &&
        /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*$/i.test(value));
}
const JSON_HEADERS = { 'Content-Type': 'application/json' };
function postsApi(client, location) {
    const item = (route, id) => (0,api_url/* endpointUrl */.Pb)(location.api, `${route}/${id}`);
    return {
        context: method => ({
            app: wordpressProfile,
            method,
            apiPath: location.apiPath,
            apiSource: location.source,
            host: location.api.host
        }),
        where: (route, id) => client.where(item(route, id)),
        viewLink: link => {
            if (typeof link !== 'string' || link.length > MAX_LINK_LENGTH)
                return undefined;
            const url = URL.parse(link);
            // Only the site's own page: an answer cannot send the reader anywhere else.
            return url && url.origin === client.siteUrl('/').origin ? url.href : undefined;
        },
        // The fields read, and no more: a post's content may be large.
        getPost: (route, id) => client.get((0,api_url/* endpointUrl */.Pb)(location.api, `${route}/${id}`, {
            context: 'edit',
            _fields: 'id,type,title,featured_media,link'
        })),
        // Not `_fields`: the list is an object keyed by type, which `_fields` would filter by key.
        types: () => client.get((0,api_url/* endpointUrl */.Pb)(location.api, 'types')),
        setFeatured: (route, id, media) => client.post((0,api_url/* endpointUrl */.Pb)(location.api, `${route}/${id}`, { _fields: 'id,featured_media' }), JSON.stringify({ featured_media: media }), JSON_HEADERS),
        attach: (media, post) => client.post((0,api_url/* endpointUrl */.Pb)(location.api, `media/${media}`, { _fields: 'id,post' }), JSON.stringify({ post }), JSON_HEADERS)
    };
}

// EXTERNAL MODULE: ./src/http/json-fields.ts
var json_fields = __webpack_require__(3172);
;// CONCATENATED MODULE: ./src/upload/checks/target-post.ts







/** Types looked in at most after `posts`: a site registers a handful, a plugin or two more. */
const MAX_TYPES = 20;
/** A post's text field, clipped for a sentence. */
const clipped = (value) => {
    const said = (0,json_fields/* text */.Qq)(value);
    return said === undefined ? undefined : (0,diagnosis_text/* clip */.$Q)(said, 120);
};
/** How a post is named in messages: `page 12 "About"`. */
function postName(post) {
    return `${post.type} ${post.id}${post.title ? ` ${JSON.stringify(post.title)}` : ''}`;
}
function found(id, type, verdict, json, view) {
    const featured = (0,json_fields/* count */.U9)(json.featured_media);
    const title = clipped((0,json_fields/* record */.g1)(json.title)?.raw) ?? clipped((0,json_fields/* record */.g1)(json.title)?.rendered);
    const post = {
        id,
        type: /^[a-z0-9_-]{1,40}$/i.test(String(json.type)) ? String(json.type) : type.slug,
        route: type.route,
        ...(title ? { title } : {}),
        // Absent from the answer when the type has no thumbnail support (get_item_schema).
        ...(featured === undefined ? {} : { featured }),
        ...(view ? { view } : {})
    };
    const message = `Files go to ${postName(post)}; the user may edit it.`;
    return { kind: 'found', message, verdict, ...post };
}
/** What `GET {route}/{id}?context=edit` says of the post. */
async function lookIn(posts, type, id) {
    const result = await posts.getPost(type.route, id);
    const verdict = (0,diagnosis/* diagnose */.h4)(result, posts.context('GET'));
    const where = `GET ${posts.where(type.route, id)}?context=edit`;
    if ('failure' in result) {
        return {
            kind: 'failed',
            message: `${where} got no answer: ${result.failure.message}.`,
            verdict
        };
    }
    const { status } = result.response;
    const json = verdict.json;
    if (status === 200 && json && json.id === id)
        return found(id, type, verdict, json, posts.viewLink(json.link));
    if (status === 404 && verdict.layer === 'origin')
        return { kind: 'absent', verdict };
    if ((status === 401 || status === 403) && verdict.code === 'rest_forbidden_context') {
        return {
            kind: 'may-not-edit',
            message: `${inputs_names/* INPUT */.bO.attachTo}: ${type.slug} ${id} exists, but the user may not edit it (${where} → HTTP ${status} rest_forbidden_context), so WordPress would refuse to attach files to it: no file was sent.`,
            remedy: `Use an application password of a user who may edit ${type.slug} ${id} (an Editor edits every post and page; an Author only their own posts, and no page), or name another post in "${inputs_names/* INPUT */.bO.attachTo}".`,
            verdict
        };
    }
    return { kind: 'unclear', what: `${where} → ${(0,send/* describeResult */.dy)(result)}`, verdict };
}
/** The types to look in after `posts`, from `GET types`; none when it does not answer a list. */
async function otherTypes(posts) {
    const result = await posts.types();
    if (!('response' in result) || result.response.status !== 200)
        return result;
    const json = (0,diagnosis/* diagnose */.h4)(result, posts.context('GET')).json ?? {};
    return Object.entries(json)
        .flatMap(([slug, entry]) => {
        const type = (0,json_fields/* record */.g1)(entry);
        const namespace = type?.rest_namespace;
        // Attachments cannot be parents; a type of another namespace lives outside this API.
        if (slug === 'post' || slug === 'attachment')
            return [];
        if (namespace !== undefined && namespace !== 'wp/v2')
            return [];
        return isRoute(type?.rest_base) ? [{ slug: (0,diagnosis_text/* clip */.$Q)(slug, 40), route: type.rest_base }] : [];
    })
        .slice(0, MAX_TYPES);
}
/**
 * Finds the post attach-to names, before any file is sent: `GET posts/{id}` first, then each
 * type's own route from `GET types` (pages, custom types), in the edit context, which tells at
 * once whether the user may edit it. A 404 is "not of this type"; anything else that does not
 * settle it is remembered, and decides the outcome if no type has the post.
 */
async function findTargetPost(posts, id) {
    const first = await lookIn(posts, { slug: 'post', route: 'posts' }, id);
    if (first.kind !== 'absent' && first.kind !== 'unclear')
        return first;
    const unclear = first.kind === 'unclear' ? [first] : [];
    const types = await otherTypes(posts);
    if (!Array.isArray(types)) {
        const verdict = (0,diagnosis/* diagnose */.h4)(types, posts.context('GET'));
        return {
            kind: 'failed',
            message: `${inputs_names/* INPUT */.bO.attachTo}: ${id} is no post, and the list of other post types could not be read (GET types → ${(0,send/* describeResult */.dy)(types)}): ${verdict.headline}`,
            verdict
        };
    }
    const searched = ['posts'];
    for (const type of types) {
        const look = await lookIn(posts, type, id);
        if (look.kind === 'unclear')
            unclear.push(look);
        else if (look.kind !== 'absent')
            return look;
        searched.push(type.route);
    }
    if (unclear.length > 0) {
        return {
            kind: 'failed',
            message: `${inputs_names/* INPUT */.bO.attachTo}: post ${id} was not found, and ${(0,words/* counted */.h)(unclear.length, 'route')} would not say: ${unclear.map(look => look.what).join('; ')}.`,
            verdict: unclear[0].verdict
        };
    }
    return {
        kind: 'missing',
        message: `${inputs_names/* INPUT */.bO.attachTo}: no post of any type has the id ${id} (looked in ${searched.join(', ')}): no file was sent.`,
        remedy: `Check the id in "${inputs_names/* INPUT */.bO.attachTo}": it is the number in the post's edit link (wp-admin/post.php?post=42&action=edit). A media item cannot be a parent.`,
        verdict: first.verdict
    };
}

;// CONCATENATED MODULE: ./src/upload/checks/preflight.ts

/** `GET {api-path}/settings`: is the REST API there, and does it accept these credentials? */
async function preflight(api) {
    const result = await api.getSettings();
    const where = api.settingsTarget;
    const verdict = (0,diagnosis/* diagnose */.h4)(result, api.context('GET'));
    if ('failure' in result) {
        return {
            ok: false,
            message: `Preflight GET ${where} got no answer: ${result.failure.message}.`,
            verdict
        };
    }
    const { status } = result.response;
    // Only the settings endpoint's JSON proves the REST API answered: a catch-all page (pretty
    // permalinks off, a parked domain, a login page) answers 200 to every path.
    if (status === 200 && !verdict.json) {
        return {
            ok: false,
            status,
            message: `Preflight GET ${where} answered 200, but not with the REST API's JSON (${verdict.said ? `it sent ${JSON.stringify(verdict.said.slice(0, 80))}` : 'the body was empty'}): no WordPress REST API is there. Check base-url (the site's own address); leave api-path empty so that the action finds the REST API, or set it to where the site serves it (/wp-json/wp/v2, or /index.php?rest_route=/wp/v2 without pretty permalinks).`,
            verdict
        };
    }
    if (status === 200) {
        return {
            ok: true,
            status,
            message: `Preflight GET ${where}: the REST API answered and accepted the credentials.`,
            verdict
        };
    }
    if (status === 403 && verdict.layer === 'origin' && verdict.code) {
        // Reading settings takes an administrator (manage_options), and WordPress answers 401 to
        // credentials it does not accept: a 403 is the REST API accepting a user who is not one.
        // Uploads need only upload_files, which the rights check asks next.
        return {
            ok: true,
            status,
            message: `Preflight GET ${where}: the REST API answered and accepted the credentials (settings are an administrator's to read, and uploads do not need them).`,
            verdict
        };
    }
    return {
        ok: false,
        status,
        message: `Preflight GET ${where} failed with HTTP ${status}: ${verdict.headline}`,
        verdict
    };
}

;// CONCATENATED MODULE: ./src/upload/checks/write-probe.ts




/** Reads a probe's answer. */
function classifyProbe(result, verdict) {
    if ('failure' in result)
        return { kind: 'unclear', verdict, what: (0,send/* describeResult */.dy)(result) };
    const { status, headers } = result.response;
    const id = (0,http_headers/* headerValue */.Z)(headers, 'x-wp-upload-attachment-id');
    if ((status >= 200 && status < 300) || id !== undefined) {
        return { kind: 'stored', verdict, status, ...(id ? { id: (0,diagnosis_text/* clip */.$Q)(id, 40) } : {}) };
    }
    if (verdict.blocked)
        return { kind: 'blocked', verdict };
    if (verdict.layer === 'origin' && (status === 401 || status === 403)) {
        return { kind: 'refused', verdict, status };
    }
    if (verdict.layer === 'origin' && status === 400)
        return { kind: 'reaches', verdict };
    return { kind: 'unclear', verdict, what: (0,send/* describeResult */.dy)(result) };
}
/** Sends one empty POST to the media route and reads what it says. */
async function probeWritePath(api) {
    const result = await api.probeWrite();
    const outcome = classifyProbe(result, (0,diagnosis/* diagnose */.h4)(result, api.context('POST')));
    return {
        outcome,
        ...('response' in result && result.response.peer ? { peer: result.response.peer } : {})
    };
}
/** What the outcome says of the write path, to follow "the write path": "reaches WordPress (…)". */
function probePhrase(outcome) {
    const { verdict } = outcome;
    switch (outcome.kind) {
        case 'reaches':
            return `reaches WordPress (it refused the empty body${verdict.code ? ` with ${verdict.code}` : ''}, storing nothing)`;
        case 'blocked': {
            const who = verdict.vendor ?? 'the CDN';
            return `is blocked by ${who}${verdict.edgeNode ? `, ${(0,diagnosis_text/* edgeNodeName */.Tg)(verdict.edgeNode)}` : ''}`;
        }
        case 'refused':
            return outcome.status === 401
                ? 'is refused: WordPress did not accept the credentials (HTTP 401)'
                : 'is refused: the user may not upload (HTTP 403)';
        case 'stored':
            return `was answered as if something was stored (HTTP ${outcome.status}${outcome.id ? `, item ${outcome.id}` : ''})`;
        case 'unclear':
            return `gave no clear answer (${outcome.what}: ${verdict.headline})`;
    }
}

;// CONCATENATED MODULE: ./src/upload/checks/user-rights.ts



/** Role names as WordPress gives them (`contributor`), bounded, for a sentence. */
function rolesOf(value) {
    if (!Array.isArray(value))
        return [];
    return value
        .filter((role) => typeof role === 'string' && /^[a-z0-9_-]{1,40}$/i.test(role))
        .slice(0, 5);
}
/**
 * Whether the signed-in user may upload, asked before any file is sent. `GET users/me?context=edit`
 * answers `capabilities`: the user's roles' capabilities merged with its own
 * (WP_REST_Users_Controller::prepare_item_for_response gives `allcaps`, WP_User::get_role_caps).
 * That is not what WordPress checks: current_user_can('upload_files') also passes through the
 * `map_meta_cap` and `user_has_cap` filters, and grants a multisite's super admin everything
 * (WP_User::has_cap). So a list without `upload_files` only raises the question, and WordPress's
 * own check answers it: an empty POST to the media route, refused with 403 `rest_cannot_create`
 * when the user may not upload, with 400 `rest_upload_no_data` otherwise, storing nothing
 * (write-probe). Only that 403 refuses before uploading; any other answer lets the uploads decide.
 */
async function checkUserRights(api) {
    const result = await api.currentUser();
    const verdict = (0,diagnosis/* diagnose */.h4)(result, api.context('GET'));
    const { id } = verdict.json ?? {};
    const ok = 'response' in result && result.response.status === 200;
    const known = ok && typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
    const rights = await rightsOf(api, result, verdict);
    return known ? { ...rights, userId: id } : rights;
}
async function rightsOf(api, result, verdict) {
    const capabilities = (0,json_fields/* record */.g1)(verdict.json?.capabilities);
    // An empty list says nothing: a plugin may strip the field. Only a list without the right asks.
    const told = capabilities !== undefined && Object.keys(capabilities).length > 0;
    if (!('response' in result) || result.response.status !== 200 || !told) {
        return {
            kind: 'unknown',
            message: `The user's rights could not be read (GET users/me → ${'response' in result ? `HTTP ${result.response.status}` : 'no answer'}): the uploads will tell.`
        };
    }
    const roles = rolesOf(verdict.json?.roles);
    const role = roles.length ? `role ${roles.join(', ')}` : 'no role on this site';
    if (capabilities?.upload_files === true) {
        return { kind: 'may-upload', message: `The user (${role}) may upload files.` };
    }
    const lacks = `The user has ${role}, and its capabilities do not list upload_files`;
    const probe = await probeWritePath(api);
    const { outcome } = probe;
    if (outcome.kind === 'refused' && outcome.verdict.code === 'rest_cannot_create') {
        return {
            kind: 'may-not-upload',
            message: `${lacks}; WordPress refused it an empty upload (HTTP ${outcome.status} rest_cannot_create), so it would refuse every file: no file was sent.`,
            remedy: 'Give the user the Author role or higher in WordPress (Users → the user → Role), or grant it the upload_files capability with a role editor; or use an application password of a user who may upload.',
            verdict: outcome.verdict,
            probe
        };
    }
    if (outcome.kind === 'reaches') {
        return {
            kind: 'may-upload',
            message: `${lacks}, yet WordPress lets it upload (an empty upload ${probePhrase(outcome)}): a plugin's filter or a network super admin's rights grant it.`,
            probe
        };
    }
    const look = outcome.kind === 'stored' ? ' Look in the media library for what it stored;' : '';
    return {
        kind: 'unknown',
        message: `${lacks}, and WordPress's own check could not tell (an empty upload ${probePhrase(outcome)}).${look} the uploads will tell.`,
        probe
    };
}

// EXTERNAL MODULE: ./src/summary/answerer.ts
var answerer = __webpack_require__(8735);
// EXTERNAL MODULE: ./src/log/output.ts
var output = __webpack_require__(1493);
;// CONCATENATED MODULE: ./src/upload/send/outcome.ts






/**
 * A media item's address and preview, as a file's outcome carries them. The preview is only the
 * small one WordPress made (`readMediaLinks`), never the file itself: an original may be tens of MiB.
 */
function withPreview(links) {
    const { url, preview } = links;
    return { ...(url ? { url } : {}), ...(preview ? { preview } : {}) };
}
/** Why a file was not sent at all when the step was cancelled. */
const NOT_SENT_CANCELLED = 'not sent: the step was cancelled';
function notAttempted(file, why) {
    return {
        file: file.display,
        size: file.size,
        mediaType: file.mediaType,
        status: 'not-attempted',
        attempts: 0,
        message: why
    };
}
/** What a cancelled upload leaves, one phrase for the log: uploaded, in flight, not sent. */
function cancelledUploadText(files) {
    const counts = countByStatus(files);
    const inFlight = files.filter(file => file.caughtByCancel === 'in-flight').length;
    const parts = [`${counts.uploaded} of ${(0,words/* counted */.h)(files.length, 'file')} uploaded`];
    if (counts.existing)
        parts.push(`${counts.existing} already in the library`);
    if (inFlight)
        parts.push(`${inFlight} in flight may have been stored (check the media library)`);
    const notSent = files.filter(file => file.status === 'not-attempted' || file.caughtByCancel === 'unsent').length;
    if (notSent)
        parts.push(`${notSent} not sent`);
    const failed = files.length - counts.uploaded - counts.existing - inFlight - notSent;
    if (failed)
        parts.push(`${failed} failed before the cancel`);
    return `${parts.join(', ')}.`;
}
function countByStatus(files) {
    const counts = {
        uploaded: 0,
        existing: 0,
        failed: 0,
        blocked: 0,
        'not-attempted': 0,
        'would-upload': 0,
        'would-fail': 0
    };
    for (const file of files)
        counts[file.status]++;
    return counts;
}
/** The `media` output: one entry per matched file, in order, whatever became of it. */
function mediaOutput(files) {
    return (0,output/* jsonOutput */.W)(files.map(({ file, id, url, status, attempts, sizes, sizesBy, post }) => ({
        file,
        id: id ?? null,
        url: url ?? null,
        status,
        attempts,
        sizes: sizes ?? null,
        sizesBy: sizesBy ?? null,
        post: post ?? null
    })));
}
/** `; the same content is also in items 7, 9`, or '' when the content is in one item only. */
function alsoIn(known) {
    return known.others.length
        ? `; the same content is also in ${(0,words/* agrees */.i)(known.others.length, 'item', 'items')} ${known.others.join(', ')}`
        : '';
}
/** A file whose content is already in the library, as item `known`: not sent. */
function existingOutcome(file, known) {
    const others = alsoIn(known);
    return {
        file: file.display,
        size: file.size,
        mediaType: file.mediaType,
        status: 'existing',
        attempts: 0,
        id: known.id,
        ...withPreview(known),
        ...(known.post === undefined ? {} : { post: known.post }),
        ...(others ? { message: `already in the library${others}` } : {})
    };
}
/** The annotation's title for files not uploaded, naming who answered: the CDN, or WordPress. */
function notUploadedTitle(failures, verdict) {
    const notUploaded = `${(0,words/* counted */.h)(failures, 'file')} not uploaded`;
    if (!verdict)
        return notUploaded;
    if (!verdict.blocked)
        return (0,step_end/* answeredBy */.dd)(notUploaded, verdict, wordpressProfile.name);
    const edge = verdict.edgeNode ? `, ${(0,diagnosis/* edgeNodeName */.Tg)(verdict.edgeNode)}` : '';
    return `Upload blocked by ${(0,answerer/* answerer */.oT)(verdict, wordpressProfile.name)}${edge}`;
}

;// CONCATENATED MODULE: ./src/upload/run.ts

/**
 * Before each phase, and before reading what a phase's abandoned requests answered: when the step
 * was cancelled, the stop it makes, with what the checks found until then.
 */
function stoppedByCancel(setup, checks = {}) {
    if (!setup.signal?.aborted)
        return undefined;
    const files = setup.local.map(file => notAttempted(file, NOT_SENT_CANCELLED));
    return { phase: 'stopped', checks, files };
}

// EXTERNAL MODULE: ./src/log/secrets.ts
var secrets = __webpack_require__(4367);
;// CONCATENATED MODULE: ./src/upload/wordpress/media-links.ts


/** WordPress's default medium size bounds: an image within them is shown from its own file. */
const OWN_MAX = 300;
/** Longer addresses are not shown or output: no media URL needs more, and the summary is bounded. */
const MAX_URL_LENGTH = 2048;
const pixels = (value) => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 100_000
    ? value
    : undefined;
function sized(url, size) {
    if (!url)
        return undefined;
    const width = pixels(size?.width);
    const height = pixels(size?.height);
    return { url, ...(width && height ? { width, height } : {}) };
}
/**
 * The file's address and its preview, from a media item's JSON (untrusted): WordPress's own
 * thumbnail, else its medium size, else the file itself when it is an image WordPress says is no
 * larger than a medium size (it makes no sizes of an image smaller than them). Never an original
 * of unknown or larger size: a summary of photos would load megabytes each. Addresses are taken
 * as sent; `guardLinks` decides which may be shown.
 *
 * An upload's answer carries the sizes, and so does the look-up of existing items: it asks for
 * `media_details` to read an item's file size (what tells an item from the file it may not be).
 * It names it whole in `_fields`: WordPress's `_fields` does filter nested fields
 * (`rest_filter_response_fields` in wp-includes/rest-api.php), but the attachments controller
 * computes `media_details` only when `_fields` names it whole (`in_array( 'media_details',
 * $fields, true )` in WP_REST_Attachments_Controller::prepare_item_for_response), so
 * `media_details.filesize` or `.sizes.thumbnail` alone returns nothing. An image without sizes
 * whose own size is not known to be small gets no preview.
 */
function readMediaLinks(item) {
    const json = (0,json_fields/* record */.g1)(item);
    const url = (0,json_fields/* text */.Qq)(json?.source_url);
    const details = (0,json_fields/* record */.g1)(json?.media_details);
    const sizes = (0,json_fields/* record */.g1)(details?.sizes);
    const small = ['thumbnail', 'medium']
        .map(name => (0,json_fields/* record */.g1)(sizes?.[name]))
        .find(size => (0,json_fields/* text */.Qq)(size?.source_url));
    const isImage = (0,json_fields/* text */.Qq)(json?.mime_type)?.startsWith('image/') ?? false;
    const own = isImage ? sized(url, details) : undefined;
    const smallOwn = own?.width && own.height && own.width <= OWN_MAX && own.height <= OWN_MAX;
    const preview = small ? sized((0,json_fields/* text */.Qq)(small.source_url), small) : smallOwn ? own : undefined;
    return { ...(url ? { url } : {}), ...(preview ? { preview } : {}) };
}
/**
 * Whether an address from the server may be shown and output: http(s), of bounded length, and
 * carrying no credentials. A server may echo them back (a URL with `user:password@`, a secret of
 * the action's, such as the password, its Basic form or a `headers` value, in a path or query,
 * percent-encoded or not); such an address is dropped, not cleaned.
 */
function isSafeLink(url) {
    if (url.length > MAX_URL_LENGTH)
        return false;
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return false;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        return false;
    if (parsed.username || parsed.password)
        return false;
    let decoded = url;
    try {
        decoded = decodeURIComponent(url.replace(/\+/g, ' '));
    }
    catch {
        // A malformed escape leaves the address as sent, which is still checked.
    }
    return !(0,secrets/* containsSecret */.At)(url) && !(0,secrets/* containsSecret */.At)(decoded);
}
/** The links of an outcome that may be shown and output; the others are left out. */
function guardLinks(item) {
    const { url, preview, ...rest } = item;
    return {
        ...rest,
        ...(url !== undefined && isSafeLink(url) ? { url } : {}),
        ...(preview && isSafeLink(preview.url) ? { preview } : {})
    };
}

;// CONCATENATED MODULE: ./src/upload/checks/proof.ts
/**
 * Which items under a file's slugs are the file. A slug proves nothing (anyone who may upload can
 * compute a public file's key), so an item counts when its type and size match and the user the
 * action runs as uploaded it; any other item only once its bytes, fetched once, have the file's
 * sha-256. `ours` are items this run stored itself: the file, with nothing to prove.
 */
async function sortHolders(file, holders, deps, ours = []) {
    const proven = [];
    const foreign = [];
    for (const holder of holders) {
        const why = ours.includes(holder.id) ? undefined : await notTheFile(file, holder, deps);
        if (why)
            foreign.push({ ...holder, why });
        else
            proven.push(holder);
    }
    const [first, ...rest] = proven;
    const item = first && { ...first, others: rest.map(other => other.id) };
    return { ...(item ? { item } : {}), proven, foreign };
}
/** Why `holder` is not the file, or undefined when it is. */
async function notTheFile(file, holder, deps) {
    if (holder.mimeType !== file.mediaType) {
        return `its type is ${holder.mimeType ?? 'not given'}, not ${file.mediaType}`;
    }
    const own = deps.me !== undefined && holder.author === deps.me;
    if (own && holder.filesize !== undefined) {
        return holder.filesize === file.size
            ? undefined
            : `its size is ${holder.filesize} bytes, not ${file.size}`;
    }
    // Another user's item, or one of WordPress before 6.0 (no filesize): its bytes decide.
    return bytesDiffer(file, holder, deps);
}
async function bytesDiffer(file, holder, deps) {
    const by = holder.author === undefined ? 'an unnamed user' : `user ${holder.author}`;
    const whose = holder.author === deps.me ? 'its' : `it is ${by}'s, and its`;
    let url;
    try {
        url = holder.url ? new URL(holder.url) : undefined;
    }
    catch {
        url = undefined;
    }
    if (!url || !file.sha256)
        return `${whose} file could not be fetched to compare`;
    const result = await deps.fileDigest(url, file.size);
    const digest = 'response' in result && result.response.status === 200 && result.response.digest;
    if (!digest)
        return `${whose} file could not be fetched to compare`;
    return digest.bytes === file.size && digest.sha256 === file.sha256
        ? undefined
        : `${whose} bytes are another file's`;
}

;// CONCATENATED MODULE: ./src/upload/checks/slug-forms.ts
/**
 * The last suffix looked for. WordPress gives an upload whose slug is taken `-2`, `-3`, …
 * (wp_unique_post_slug); a key held by another item or post, a race of two runs, or a re-send
 * after a lost answer each take one more. Ten forms of a key fill a tenth of a look-up of 100
 * slugs, WordPress's largest page, so one request still asks for ten files. A key taken nine
 * times over is past anything these leave; what lies beyond `-10` is not seen.
 */
const LAST_SUFFIX = 10;
/** The slugs a file's items may have: its content key, then `{key}-2` … `{key}-10`. */
function slugForms(key) {
    return [key, ...Array.from({ length: LAST_SUFFIX - 1 }, (_, index) => `${key}-${index + 2}`)];
}
/** Each slug form of `keys`, with the key it is a form of. */
function formsOf(keys) {
    return new Map(keys.flatMap(key => slugForms(key).map(form => [form, key])));
}

;// CONCATENATED MODULE: ./src/upload/checks/existing.ts






/**
 * The files' items already in the library: every file with a key is looked up, and the items
 * under its slugs sorted into the one that is the file (proven) and the others.
 */
async function findExisting(api, files, me) {
    const lookup = await findHolders(api, files.flatMap(file => file.key ?? []));
    if (lookup.kind !== 'found')
        return lookup;
    const items = new Map();
    const foreign = new Map();
    const proof = { ...(me === undefined ? {} : { me }), fileDigest: api.fileDigest };
    for (const file of files) {
        const holders = file.key ? lookup.holders.get(file.key) : undefined;
        if (!file.key || !holders || items.has(file.key) || foreign.has(file.key))
            continue;
        const sorted = await sortHolders(file, holders, proof);
        if (sorted.item)
            items.set(file.key, sorted.item);
        if (sorted.foreign.length)
            foreign.set(file.key, sorted.foreign);
    }
    return { kind: 'found', items, foreign };
}
/** WordPress answers at most 100 items a page: ten keys' slug forms, at most one item each. */
const KEYS_PER_REQUEST = Math.floor(100 / LAST_SUFFIX);
/** An origin without a media listing answers these; anything else that is not a list stops. */
const NO_LISTING = new Set([404, 405, 501]);
/**
 * Looks the keys up, each with its suffixed forms (WordPress's media search does not look at
 * slugs, so they are named one by one). The answer's items are matched against the forms here:
 * a server, proxy or cache may ignore the filter and answer a whole page of other items.
 */
async function findHolders(api, keys) {
    const unique = [...new Set(keys)];
    const holders = new Map();
    for (let start = 0; start < unique.length; start += KEYS_PER_REQUEST) {
        const forms = formsOf(unique.slice(start, start + KEYS_PER_REQUEST));
        const result = await api.findBySlugs([...forms.keys()]);
        const verdict = (0,diagnosis/* diagnose */.h4)(result, api.context('GET'));
        const where = `GET ${api.target}?slug=…`;
        if ('failure' in result) {
            return {
                kind: 'failed',
                message: `The look-up of files already in the library (${where}) got no answer: ${result.failure.message}.`,
                verdict
            };
        }
        const { status } = result.response;
        if (status === 200 && verdict.items) {
            collect(verdict.items, forms, holders);
            continue;
        }
        if (NO_LISTING.has(status) && verdict.layer === 'origin') {
            return {
                kind: 'unsupported',
                message: `The server has no media listing (${where} answered HTTP ${status}), so files already in the library cannot be found: every file is uploaded, as with skip-existing: false.`,
                verdict
            };
        }
        return {
            kind: 'failed',
            message: `The look-up of files already in the library (${where}) failed with ${(0,send/* describeResult */.dy)(result)}${status === 200 ? ', not with a list of media items' : ''}: ${verdict.headline}`,
            verdict
        };
    }
    return { kind: 'found', holders };
}
/** WordPress's `post` of a media item: its parent's id, or null (WordPress says null for none). */
function parentOf(post) {
    if (post === null || post === 0)
        return { post: null };
    const id = (0,json_fields/* count */.U9)(post);
    return id ? { post: id } : {};
}
/** What an item of the answer (untrusted) says of itself, or undefined when it is no item. */
function readHolder(entry) {
    const item = (0,json_fields/* record */.g1)(entry);
    if (!item)
        return undefined;
    const { id, slug, author, mime_type, media_details, post } = item;
    if (!(0,json_fields/* positive */.yj)(id) || typeof slug !== 'string')
        return undefined;
    const details = (0,json_fields/* record */.g1)(media_details);
    const filesize = (0,json_fields/* count */.U9)(details?.filesize);
    const by = (0,json_fields/* count */.U9)(author);
    const [width, height] = [(0,json_fields/* positive */.yj)(details?.width), (0,json_fields/* positive */.yj)(details?.height)];
    return {
        id: id,
        slug,
        ...readMediaLinks(entry),
        ...(by === undefined ? {} : { author: by }),
        ...(typeof mime_type === 'string' ? { mimeType: mime_type } : {}),
        ...(filesize === undefined ? {} : { filesize }),
        ...(width && height
            ? { image: { width, height, sizes: Object.keys((0,json_fields/* record */.g1)(details?.sizes) ?? {}) } }
            : {}),
        ...parentOf(post)
    };
}
function collect(answer, forms, holders) {
    for (const entry of answer) {
        const holder = readHolder(entry);
        const key = holder && forms.get(holder.slug);
        if (!holder || !key)
            continue;
        const list = holders.get(key) ?? [];
        if (list.some(known => known.id === holder.id))
            continue;
        holders.set(key, [...list, holder].sort((a, b) => a.id - b.id));
    }
}

;// CONCATENATED MODULE: ./src/upload/checks/key-holders.ts
/** The warning's title for items under a file's slugs that are not the file. */
const KEY_TAKEN = 'Content key held by another item';
/** `item 7 (slug k, user 2, https://…/post.php?post=7&action=edit)`: enough to find and judge it. */
function namedHolder(holder, api) {
    const by = holder.author === undefined ? 'author not given' : `user ${holder.author}`;
    return `item ${holder.id} (slug ${holder.slug}, ${by}, ${api.editLink(holder.id)}): ${holder.why}`;
}
/**
 * The warning for items that hold a file's content key (or a suffixed form) without being the
 * file: named, so a person can look, and never written to by the run.
 */
function keyTakenWarning(file, foreign, api, outcome) {
    const named = foreign.map(holder => namedHolder(holder, api)).join('; ');
    return `${file.display}: its content key ${file.key ?? ''} is held by what is not this file, left as it is: ${named}. ${outcome}`;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/upload/files/content-key.ts



/** Hex digits of the sha-256 kept in a key: 48 bits, far past any chance collision in a library. */
const HASH_DIGITS = 12;
/** The name part stays short: WordPress cuts slugs at 200 characters. */
const STEM_LENGTH = 60;
/**
 * A file name's stem as a slug: only `[a-z0-9-]`, the characters WordPress stores as given and
 * looks up as given (it strips accents when storing a slug but not when looking one up, so an
 * accent would make the key unfindable). Letters lose their accents here instead.
 */
function slugStem(fileName) {
    const stem = external_node_path_default().basename(fileName, external_node_path_default().extname(fileName));
    const slug = stem
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/ß/g, 'ss')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .slice(0, STEM_LENGTH)
        .replace(/^-|-$/g, '');
    return slug || 'file';
}
/** `{stem}-{12 hex digits of the sha-256 of the bytes}`: the same content under the same name. */
function contentKey(fileName, sha256) {
    return `${slugStem(fileName)}-${sha256.slice(0, HASH_DIGITS)}`;
}
/**
 * The sha-256 of a file, read through one reused buffer: fs.createReadStream allocates a fresh
 * buffer per chunk that V8 frees only late, which raised the peak RSS of hashing 1 GiB by 68 MiB
 * (docs/benchmarks.md); with one buffer it stays flat.
 */
async function sha256OfFile(file) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const handle = await (0,promises_.open)(file, 'r');
    try {
        const buffer = Buffer.allocUnsafeSlow(1024 * 1024);
        for (;;) {
            const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
            if (bytesRead === 0)
                break;
            hash.update(buffer.subarray(0, bytesRead));
        }
    }
    finally {
        await handle.close();
    }
    return hash.digest('hex');
}

;// CONCATENATED MODULE: ./src/upload/look-up.ts





/**
 * Gives every file its content key (hashed once, streamed) and looks the keys up. A file that
 * cannot be read gets no key; it is reported when its turn comes. A cancel ends the hashing.
 */
async function lookUpExisting(api, local, me, signal) {
    for (const file of local) {
        if (signal?.aborted)
            break;
        const sha256 = await sha256OfFile(file.path).catch(() => undefined);
        if (sha256)
            Object.assign(file, { key: contentKey(file.display, sha256), sha256 });
    }
    const keyed = local.filter(file => file.key);
    const lookup = await findExisting(api, keyed, me);
    if (lookup.kind !== 'found') {
        log/* log */.R.info(lookup.message);
        return lookup;
    }
    log/* log */.R.info(`${lookup.items.size} of ${(0,words/* counted */.h)(keyed.length, 'file')} ${(0,words/* agrees */.i)(lookup.items.size, 'is', 'are')} already in the library.`);
    for (const file of keyed)
        sayHolders(file, lookup, api);
    return lookup;
}
/** What holds a file's key besides the file: a warning; the file found under a suffix: a line. */
function sayHolders(file, lookup, api) {
    const key = file.key ?? '';
    const item = lookup.items.get(key);
    const foreign = lookup.foreign.get(key);
    if (foreign) {
        const outcome = item
            ? `The file itself is item ${item.id}.`
            : 'The file is uploaded as an item of its own.';
        log/* log */.R.warning(keyTakenWarning(file, foreign, api, outcome), KEY_TAKEN);
    }
    if (item && item.slug !== key && !foreign?.some(holder => holder.slug === key)) {
        log/* log */.R.info(`${file.display}: found as item ${item.id} under ${item.slug}: its key ${key} is held by something the media library does not list (a post, page or draft of another type, whose slug WordPress lets no attachment share).`);
    }
}

;// CONCATENATED MODULE: ./src/upload/wordpress/content-disposition.ts

// WordPress splits the header on ";" and "=" and strips quotes only at both ends, with no escapes:
// these characters (and controls) in a name would break its parse or the header itself.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_FALLBACK = /[";\\\u0000-\u001f\u007f]/g;
/**
 * An ASCII stand-in for a file name: letters lose their accents (é → e), anything else outside
 * printable ASCII or unsafe for WordPress's parser becomes "_".
 */
function asciiFileName(name) {
    const ascii = name
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(UNSAFE_IN_FALLBACK, '_')
        .replace(/[^\x20-\x7e]/g, '_')
        .trim();
    const ext = external_node_path_default().extname(ascii);
    // A name made only of replaced characters says nothing; keep at least the extension.
    return /[A-Za-z0-9]/.test(ascii.slice(0, ascii.length - ext.length)) ? ascii : `file${ext}`;
}
/** RFC 5987 value-chars: what encodeURIComponent leaves, less the characters RFC 5987 reserves. */
function encodeRfc5987(value) {
    return encodeURIComponent(value).replace(/['()*]/g, char => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
/**
 * The Content-Disposition for an upload: a quoted ASCII `filename` WordPress can parse, plus
 * `filename*` with the exact UTF-8 name for servers that read it (WordPress ignores it).
 */
function contentDisposition(fileName) {
    const name = external_node_path_default().basename(fileName);
    const fallback = asciiFileName(name);
    const header = `attachment; filename="${fallback}"`;
    return fallback === name ? header : `${header}; filename*=UTF-8''${encodeRfc5987(name)}`;
}

;// CONCATENATED MODULE: ./src/upload/wordpress/client-media.ts


/** The routes of WordPress 7.1's client-side media processing, as the REST index names them. */
const SIDELOAD_ROUTE = '/wp/v2/media/(?P<id>[\\d]+)/sideload';
const FINALIZE_ROUTE = '/wp/v2/media/(?P<id>[\\d]+)/finalize';
/**
 * Only what tells whether sizes can be made on the runner: the whole index lists every route of
 * every plugin. WordPress filters its answer by `_fields`, one level per dot.
 */
const SIZES_INDEX_FIELDS = [
    'image_sizes',
    'image_size_threshold',
    'image_strip_meta',
    `routes.${SIDELOAD_ROUTE}`,
    `routes.${FINALIZE_ROUTE}`
];
/**
 * The REST index of a WordPress API at `…/wp/v2` (`…/wp-json/`, or `rest_route=/` in the plain
 * form); undefined for any other API path.
 */
function restIndexOf(api) {
    const index = new URL(api.href);
    const route = index.searchParams.get('rest_route');
    if (route !== null) {
        if (!/^\/wp\/v2\/?$/.test(route))
            return undefined;
        index.searchParams.set('rest_route', '/');
        return index;
    }
    if (!/\/wp\/v2\/?$/.test(index.pathname))
        return undefined;
    index.pathname = index.pathname.replace(/wp\/v2\/?$/, '');
    return index;
}
function sizesIndexOf(client, api) {
    const index = restIndexOf(api);
    if (!index)
        return {};
    index.searchParams.set('_fields', SIZES_INDEX_FIELDS.join(','));
    return { sizesIndex: () => client.get(index) };
}
/**
 * The requests of WordPress 7.1's client-side media processing: what the REST index offers, the
 * sideload of one size, and the finalize that records them.
 */
function clientMediaRoutes(client, api) {
    return {
        ...sizesIndexOf(client, api),
        // WP_REST_Attachments_Controller::sideload_item takes a raw body as create_item does, with
        // its arguments in the query string; `convert_format=false`: the file is already in the
        // format WordPress asked for.
        sideload: (id, file, fileName, mediaType, names) => client.post((0,api_url/* endpointUrl */.Pb)(api, `media/${id}/sideload`, [
            ...names.map((name) => [
                names.length > 1 ? 'image_size[]' : 'image_size',
                name
            ]),
            ['convert_format', 'false']
        ]), file, {
            'Content-Type': mediaType,
            'Content-Disposition': contentDisposition(fileName),
            'Content-Length': file.size
        }),
        finalize: (id, subSizes) => client.post((0,api_url/* endpointUrl */.Pb)(api, `media/${id}/finalize`), JSON.stringify({ sub_sizes: subSizes }), { 'Content-Type': 'application/json' })
    };
}

;// CONCATENATED MODULE: ./src/upload/sizes/offer.ts




const CROP_X = ['left', 'center', 'right'];
const CROP_Y = ['top', 'center', 'bottom'];
function crop(value) {
    if (typeof value === 'boolean')
        return value;
    // WordPress stores 1/0 for the crop of the built-in sizes on some sites.
    if (value === 1 || value === 0)
        return value === 1;
    if (!Array.isArray(value) || value.length !== 2)
        return undefined;
    const [x, y] = value;
    if (typeof x !== 'string' || typeof y !== 'string')
        return undefined;
    return CROP_X.includes(x) && CROP_Y.includes(y) ? [x, y] : undefined;
}
/** As many sizes as one finalize records (its `sub_sizes` takes at most 100). */
const MOST_SIZES = 100;
/** The registered sizes, or undefined when any of them cannot be read (nothing is guessed). */
function registeredSizes(value) {
    const sizes = (0,json_fields/* record */.g1)(value);
    if (!sizes || Object.keys(sizes).length > MOST_SIZES)
        return undefined;
    const read = {};
    for (const [name, size] of Object.entries(sizes)) {
        const fields = (0,json_fields/* record */.g1)(size);
        const width = (0,json_fields/* count */.U9)(fields?.width);
        const height = (0,json_fields/* count */.U9)(fields?.height);
        const cropped = crop(fields?.crop);
        if (width === undefined || height === undefined || cropped === undefined)
            return undefined;
        read[name] = { width, height, crop: cropped };
    }
    return read;
}
/**
 * What the REST index says, read as the user who uploads: WordPress lists `image_sizes` only when
 * client-side media processing is on (over https, or on a localhost host, unless a plugin turns it
 * off) and the user may upload; a plugin may still unregister the two routes.
 */
function readSizesOffer(json) {
    const index = (0,json_fields/* record */.g1)(json);
    const routes = (0,json_fields/* record */.g1)(index?.routes);
    const registered = registeredSizes(index?.image_sizes);
    if (index?.image_sizes === undefined) {
        return {
            on: 'server',
            why: 'the site does not offer client-side image sizes (WordPress before 7.1, a site not served over https, or turned off by a plugin)'
        };
    }
    if (!registered) {
        return { on: 'server', why: 'the REST index lists image_sizes in a shape that cannot be read' };
    }
    if (!routes?.[SIDELOAD_ROUTE] || !routes[FINALIZE_ROUTE]) {
        return {
            on: 'server',
            why: 'the REST index lists image_sizes, but not the media sideload and finalize routes (a plugin may have removed them)'
        };
    }
    const threshold = (0,json_fields/* count */.U9)(index.image_size_threshold);
    const names = Object.keys(registered);
    return {
        on: 'runner',
        site: {
            registered,
            threshold: threshold ? threshold : false,
            stripMeta: index.image_strip_meta !== false
        },
        how: `WordPress offers client-side image sizes (${names.length} sizes: ${names.join(', ')}${threshold ? `; images above ${threshold} px get a -scaled copy` : ''})`
    };
}
/** Asks the REST index what the site offers; any failure to tell is the server's sizes, said why. */
async function findSizesOffer(api) {
    if (!api.sizesIndex) {
        return { on: 'server', why: "the REST API is not WordPress's wp/v2, which alone offers it" };
    }
    const result = await api.sizesIndex();
    const verdict = (0,diagnosis/* diagnose */.h4)(result, api.context('GET'));
    if (!('response' in result) || result.response.status !== 200 || !verdict.json) {
        return {
            on: 'server',
            why: `the REST index did not say whether the site offers client-side image sizes (${(0,send/* describeResult */.dy)(result)})`,
            verdict
        };
    }
    const offer = readSizesOffer(verdict.json);
    return offer.on === 'server' ? { ...offer, verdict } : offer;
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
;// CONCATENATED MODULE: ./src/upload/sizes/make-sizes.ts



/** The image types sizes are made of on the runner: those every sharp build reads and writes. */
const RUNNER_TYPES = [
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp',
    'image/avif'
];
/**
 * Images whose sizes are made at once: one a core. Each decodes its original once a size, so a
 * 12-megapixel photo holds about 200 MiB while its sizes are made; more at once than the cores
 * would only add memory.
 */
class Slots {
    free;
    waiting = [];
    constructor(count) {
        this.free = count;
    }
    async take() {
        if (this.free > 0) {
            this.free--;
            return;
        }
        await new Promise(resolve => this.waiting.push(resolve));
    }
    give() {
        const next = this.waiting.shift();
        if (next)
            next();
        else
            this.free++;
    }
}
const making = new Slots(Math.max(1, (0,external_node_os_.availableParallelism)()));
let loaded;
/**
 * sharp, loaded once and only in a run that is to make sizes: native libvips beside the bundle on
 * Linux, its WebAssembly build elsewhere (dist/node_modules).
 */
function library() {
    loaded ??= __webpack_require__.e(/* import() */ 849).then(__webpack_require__.bind(__webpack_require__, 5849));
    return loaded;
}
/**
 * Why sizes cannot be made on this runner (sharp has no build that loads here, or cannot decode
 * a JPEG), or undefined when they can: asked before any file is sent.
 */
async function imageLibraryProblem() {
    try {
        const { default: sharp } = await library();
        const probe = sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } });
        await sharp(await probe.jpeg().toBuffer())
            .resize(1, 1)
            .toBuffer();
        return undefined;
    }
    catch (error) {
        const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
        return `the image library (sharp) does not work on this runner (${why})`;
    }
}
/**
 * The pixels of the image as stored (before any EXIF turn), as WordPress reads them too, and its
 * EXIF orientation (1 when it has none).
 */
async function imageFacts(source) {
    const { default: sharp } = await library();
    const { width, height, orientation } = await sharp(source).metadata();
    return width && height ? { width, height, orientation: orientation ?? 1 } : undefined;
}
/** The quality of a file that serves these sizes: WordPress encodes each size at its own. */
function qualityOf(names, encoding) {
    const own = names.map(name => encoding.quality.sizes[name]).find(value => value !== undefined);
    return own ?? encoding.quality.default;
}
function encode(image, encoding, quality) {
    // Pixels are written as they are and the profile travels with them, as Imagick's strip does.
    const kept = encoding.stripMeta ? image.keepIccProfile() : image.keepMetadata();
    switch (encoding.mediaType) {
        case 'image/jpeg':
            return kept.jpeg({ quality });
        case 'image/png':
            return kept.png();
        case 'image/gif':
            return kept.gif();
        case 'image/webp':
            return kept.webp({ quality });
        case 'image/avif':
            return kept.avif({ quality });
        default:
            throw new Error(`sizes cannot be written as ${encoding.mediaType}`);
    }
}
/**
 * Makes each planned file from the original at `source` into `folder`: turned upright when
 * WordPress would turn it (`orientation` above 1: a JPEG's EXIF orientation), the planned part cut
 * out and resized to exactly the planned pixels. Each is decoded on its own, all at once: libvips
 * shrinks a JPEG while decoding it, which makes this faster than resizing one decoded copy.
 */
async function makeSizes(source, files, encoding, folder, orientation) {
    const { default: sharp } = await library();
    await making.take();
    try {
        return await Promise.all(files.map(file => makeOne(sharp, source, file, encoding, folder, orientation)));
    }
    finally {
        making.give();
    }
}
let written = 0;
async function makeOne(sharp, source, planned, encoding, folder, orientation) {
    // The name WordPress gave is sent as the file's name; on disk it is only ours, so that no
    // answer's text (a "..", a backslash on Windows) can lead a write out of the folder.
    const target = external_node_path_default().join(folder, `size-${++written}`);
    // The first frame of an animated image, as WordPress's editors make its sizes.
    const decoded = sharp(source, { failOn: 'error' });
    // sharp's turn reads the same EXIF tag WordPress read; of other types WordPress turns none.
    const image = (orientation > 1 ? decoded.autoOrient() : decoded)
        .extract(planned.source)
        .resize(planned.width, planned.height, { fit: 'fill' });
    const quality = qualityOf(planned.names, encoding);
    await encode(image, encoding, quality).toFile(target);
    const { size } = await (0,promises_.stat)(target);
    return { ...planned, path: target, bytes: size, mediaType: encoding.mediaType, quality };
}

;// CONCATENATED MODULE: ./src/upload/before-sending.ts













/** A check hands on the findings so far with its own, or the stop: only a stop has a phase. */
function isStopped(step) {
    return 'phase' in step;
}
/**
 * The checks before any file is sent: preflight, the user's rights, the post of attach-to, where
 * images' sizes are made, the files already in the library (as the inputs ask). When they stop
 * the run, the step has said why.
 */
async function checkBeforeSending(setup) {
    const { config } = setup;
    const preflight = config.preflight ? await runPreflight(setup) : {};
    if (isStopped(preflight))
        return preflight;
    const rights = await checkRights(setup, preflight);
    if (isStopped(rights))
        return rights;
    const target = config.attachTo === undefined ? rights : await checkTarget(setup, rights, config.attachTo);
    if (isStopped(target))
        return target;
    const sizes = await findWhereSizesAreMade(setup, target);
    if (isStopped(sizes))
        return sizes;
    const checks = config.skipExisting ? await lookUpLibrary(setup, sizes) : sizes;
    return isStopped(checks) ? checks : { phase: 'checked', checks };
}
const TARGET_TITLES = {
    'may-not-edit': 'User may not edit the post',
    missing: 'No such post',
    failed: 'Post check failed'
};
/**
 * attach-to: the post exists and the user may edit it (else WordPress refuses every upload
 * attached to it); with featured-image, its type has featured images.
 */
async function checkTarget(setup, before, id) {
    const target = await log/* log */.R.group(`The post to attach to (${inputs_names/* INPUT */.bO.attachTo}: ${id})`, async () => {
        const found = await findTargetPost(setup.posts, id);
        log/* log */.R.info(found.message);
        return found;
    });
    const found = { ...before, target };
    const cancelled = stoppedByCancel(setup, found);
    if (cancelled)
        return cancelled;
    if (target.kind === 'found' && (!setup.featured || target.featured !== undefined)) {
        return { ...before, target };
    }
    if (target.kind === 'found') {
        const message = `${inputs_names/* INPUT */.bO.featuredImage}: ${postName(target)} cannot have a featured image: its type, ${target.type}, does not support thumbnails on this site, so WordPress would ignore one. No file was sent.`;
        const remedy = `Remove "${inputs_names/* INPUT */.bO.featuredImage}", or attach to a post of a type with featured images (a post or page, or a type registered with 'supports' => ['thumbnail']).`;
        const verdict = { ...target.verdict, remedies: [remedy] };
        const why = 'not sent: the post of attach-to cannot have a featured image';
        const title = 'No featured image for this type';
        return stopBeforeSending(setup, found, { message, verdict, title, why });
    }
    const verdict = 'remedy' in target ? { ...target.verdict, remedies: [target.remedy] } : target.verdict;
    const why = 'not sent: the post of attach-to cannot take the files';
    return stopBeforeSending(setup, found, {
        message: target.message,
        verdict,
        title: TARGET_TITLES[target.kind],
        why
    });
}
/** A check refused the upload: no file is sent, and the step fails naming who answered. */
function stopBeforeSending(setup, checks, stop) {
    (0,outputs/* setDiagnosisOutputs */.w)(stop.verdict);
    const [first, ...more] = stop.verdict.remedies;
    log/* log */.R.fail([stop.message, first && `What to do: ${first}`, ...more].filter(Boolean).join('\n'), (0,step_end/* answeredBy */.dd)(stop.title, stop.verdict, wordpressProfile.name));
    return { phase: 'stopped', checks, files: setup.local.map(file => notAttempted(file, stop.why)) };
}
/**
 * image-sizes: whether the site lets the runner make images' sizes (WordPress 7.1), said once.
 * `runner` on a site that does not stops the run before any file is sent.
 */
async function findWhereSizesAreMade(setup, before) {
    const asked = setup.config.imageSizes;
    if (asked === 'server' || !setup.local.some(file => RUNNER_TYPES.includes(file.mediaType))) {
        return before;
    }
    const offered = await findSizesOffer(setup.api);
    const problem = offered.on === 'runner' ? await imageLibraryProblem() : undefined;
    const offer = problem ? { on: 'server', why: problem } : offered;
    const found = { ...before, sizes: offer };
    const cancelled = stoppedByCancel(setup, found);
    if (cancelled)
        return cancelled;
    if (offer.on === 'runner') {
        log/* log */.R.info(`Image sizes ${setup.config.dryRun ? 'would be' : 'will be'} made on the runner: ${offer.how}.`);
        return found;
    }
    if (asked === 'auto') {
        log/* log */.R.info(`Image sizes will be made by WordPress, as ${offer.why}.`);
        return found;
    }
    const message = `${inputs_names/* INPUT */.bO.imageSizes}: runner, but ${offer.why}. No file was sent.`;
    const site = problem ? '' : ', or serve the site over https with WordPress 7.1 or later';
    const remedy = `Set "${inputs_names/* INPUT */.bO.imageSizes}" to auto (sizes made on the runner where they can be) or server${site}.`;
    // The runner's own library, or a site that said nothing: no answer decided it.
    const unanswered = {
        layer: 'unknown',
        blocked: false,
        headline: offer.why,
        evidence: []
    };
    const verdict = { ...(offer.verdict ?? unanswered), remedies: [remedy] };
    const stopped = stopBeforeSending(setup, found, {
        message,
        verdict,
        title: 'Image sizes cannot be made on the runner',
        why: 'not sent: image sizes cannot be made on the runner'
    });
    return { ...stopped, sizesStop: `${message} ${remedy}` };
}
/** preflight: whether the REST API is there and takes the credentials. */
async function runPreflight(setup) {
    const checked = await log/* log */.R.group('Preflight', async () => {
        const result = await preflight(setup.api);
        log/* log */.R.info(result.message);
        return result;
    });
    const found = { preflight: checked };
    const cancelled = stoppedByCancel(setup, found);
    if (cancelled)
        return cancelled;
    if (checked.ok)
        return found;
    const { message, verdict } = checked;
    const why = 'not sent: the preflight check failed';
    return stopBeforeSending(setup, found, { message, verdict, title: 'Preflight failed', why });
}
/** Whether the user may upload. */
async function checkRights(setup, before) {
    const rights = await checkUserRights(setup.api);
    // An empty upload answered as if something was stored leaves something to look for.
    if (rights.probe?.outcome.kind === 'stored')
        log/* log */.R.warning(rights.message, 'The rights check looked stored');
    else
        log/* log */.R.info(rights.message);
    const found = { ...before, rights };
    const cancelled = stoppedByCancel(setup, found);
    if (cancelled)
        return cancelled;
    if (rights.kind !== 'may-not-upload')
        return found;
    const why = 'not sent: the user may not upload files';
    const verdict = { ...rights.verdict, remedies: [rights.remedy] };
    const title = 'User may not upload';
    return stopBeforeSending(setup, found, { message: rights.message, verdict, title, why });
}
/** skip-existing: the files already in the library. */
async function lookUpLibrary(setup, before) {
    const { local } = setup;
    const lookup = await log/* log */.R.group('Files already in the library', () => lookUpExisting(setup.api, local, before.rights.userId, setup.signal));
    const cancelled = stoppedByCancel(setup, { ...before, lookup });
    if (cancelled)
        return cancelled;
    if (lookup.kind === 'failed') {
        const why = 'not sent: the look-up of files already in the library failed';
        const { message, verdict } = lookup;
        const title = 'Look-up failed';
        return stopBeforeSending(setup, { ...before, lookup }, { message, verdict, title, why });
    }
    if (lookup.kind === 'unsupported') {
        log/* log */.R.warning(lookup.message, 'No media listing: re-runs may duplicate');
        for (const file of local)
            delete file.key;
    }
    return { ...before, lookup };
}

;// CONCATENATED MODULE: ./src/upload/files/local-file.ts

/** Why the file cannot be opened (its error code), or undefined when it can. */
async function openProblem(file) {
    try {
        await (await (0,promises_.open)(file.path, 'r')).close();
        return undefined;
    }
    catch (error) {
        return error.code ?? String(error);
    }
}

;// CONCATENATED MODULE: ./src/upload/place/placement.ts


function parentState(post, target) {
    if (post === undefined)
        return 'unknown';
    if (post === null)
        return 'unattached';
    return post === target ? 'attached' : 'elsewhere';
}
/**
 * The file's item, when it is in the library: its id, from an upload that named one or from the
 * look-up. A file stored without a known id cannot be placed.
 */
function itemOf(outcome) {
    return outcome.status === 'uploaded' || outcome.status === 'existing' ? outcome.id : undefined;
}
/** The report in one paragraph of plain sentences, for the log and the summary. */
function placementLines(report) {
    const post = postName(report.target);
    if (report.skipped)
        return [`Nothing attached to ${post}: ${report.skipped}.`];
    const lines = [`${(0,words/* counted */.h)(report.uploaded, 'file')} uploaded into ${post}.`];
    if (report.attached.length) {
        lines.push(`${(0,words/* counted */.h)(report.attached.length, 'item')} already in the library attached to it.`);
    }
    if (report.elsewhere.length) {
        lines.push(`${(0,words/* counted */.h)(report.elsewhere.length, 'item')} attached to another post, left there: ${report.elsewhere.join(', ')}.`);
    }
    if (report.failed.length) {
        lines.push(`${(0,words/* counted */.h)(report.failed.length, 'item')} could not be attached: ${report.failed.join('; ')}.`);
    }
    if (report.featured)
        lines.push(`Featured image: ${report.featured.message}.`);
    return lines;
}
/** What the real run would do about attach-to and featured-image, told by a dry run. */
function dryRunPlacement(files, known, target, featured) {
    const post = postName(target);
    const uploads = files.filter(file => file.status === 'would-upload').length;
    const states = files.flatMap((file, index) => {
        const item = file.status === 'existing' ? known(index) : undefined;
        return item ? [{ file, item, state: parentState(item.post, target.id) }] : [];
    });
    const named = (state) => states
        .filter(entry => entry.state === state)
        .map(entry => `${entry.file.file} (item ${entry.item.id}${entry.item.post ? `, post ${entry.item.post}` : ''})`);
    const lines = [`${(0,words/* counted */.h)(uploads, 'file')} would be uploaded into ${post}.`];
    const attach = named('unattached');
    if (attach.length)
        lines.push(`${(0,words/* counted */.h)(attach.length, 'item')} already in the library would be attached to it: ${attach.join(', ')}.`);
    const elsewhere = named('elsewhere');
    if (elsewhere.length)
        lines.push(`${(0,words/* counted */.h)(elsewhere.length, 'item')} ${(0,words/* agrees */.i)(elsewhere.length, 'is', 'are')} attached to another post and would be left there: ${elsewhere.join(', ')}.`);
    const unknown = named('unknown');
    if (unknown.length)
        lines.push(`${(0,words/* counted */.h)(unknown.length, 'item')} would be attached if ${(0,words/* agrees */.i)(unknown.length, 'it has', 'they have')} no post yet: ${unknown.join(', ')}.`);
    if (featured === undefined)
        return { lines };
    const file = files[featured];
    const now = target.featured ? `item ${target.featured}` : 'none';
    if (file.status === 'existing' && file.id === target.featured) {
        lines.push(`Featured image: item ${file.id} (${file.file}) already; nothing would be written.`);
        return { lines, featuredId: file.id };
    }
    lines.push(file.status === 'existing'
        ? `Featured image: item ${file.id} (${file.file}) would be set (now: ${now}).`
        : file.status === 'would-upload'
            ? `Featured image: ${file.file} would be set once uploaded (now: ${now}).`
            : `Featured image: would not be set: ${file.file} would fail.`);
    return { lines };
}

;// CONCATENATED MODULE: ./src/upload/dry-run.ts









/** dry-run: one empty POST, and what the real run would do with each file and with the post. */
async function dryRun(setup, checks, existing) {
    // The rights check may have sent the one empty POST already: it is not sent twice.
    const sent = checks.rights.probe;
    const probe = await log/* log */.R.group('Write path (dry run)', async () => {
        const found = sent ?? (await probeWritePath(setup.api));
        const peer = found.peer ? ` (answered from ${found.peer})` : '';
        log/* log */.R.info(`One empty POST: the write path ${probePhrase(found.outcome)}${peer}.`);
        return found;
    });
    const { local, featured } = setup;
    const files = await planDryRun(local, existing, probe);
    if (!checks.target)
        return { probe, files };
    const known = (index) => existing.get(local[index]?.key ?? '');
    const index = featured ? local.indexOf(featured) : undefined;
    const placement = dryRunPlacement(files, known, checks.target, index);
    for (const line of placement.lines)
        log/* log */.R.info(`Dry run: ${line}`);
    return { probe, files, placement };
}
/**
 * What the real run would do with each file, told without sending any: `existing` when its
 * content is in the library, `would-fail` when it cannot be read or the write path is not open
 * (the probe's verdict says why), `would-upload` otherwise.
 */
async function planDryRun(files, existing, probe) {
    const open = probe.outcome.kind === 'reaches';
    const plan = [];
    for (const file of files) {
        const base = { file: file.display, size: file.size, mediaType: file.mediaType, attempts: 0 };
        const known = file.key ? existing.get(file.key) : undefined;
        if (known) {
            plan.push(existingOutcome(file, known));
            continue;
        }
        const cannotRead = await openProblem(file);
        if (cannotRead) {
            plan.push({ ...base, status: 'would-fail', message: `could not be read (${cannotRead})` });
        }
        else if (open) {
            plan.push({ ...base, status: 'would-upload' });
        }
        else {
            plan.push({
                ...base,
                status: 'would-fail',
                message: `the write path ${probePhrase(probe.outcome)}`,
                verdict: probe.outcome.verdict
            });
        }
    }
    return plan;
}
/**
 * A dry run's verdict: the step fails where the real run would (the write path blocked or
 * refused, a file that could not be read) and when the probe was answered as if it stored
 * something, which it says and leaves alone.
 */
async function reportDryRun(probe, files, config, signal) {
    const { outcome } = probe;
    if (outcome.kind === 'blocked')
        await (0,step_end/* explainBlock */.TB)(outcome.verdict, config.baseUrl, signal);
    (0,outputs/* setDiagnosisOutputs */.w)(outcome.verdict);
    const counts = countByStatus(files);
    const plan = `${(0,words/* counted */.h)(counts['would-upload'], 'file')} would be uploaded, ${counts.existing} ${(0,words/* agrees */.i)(counts.existing, 'is', 'are')} already in the library, ${counts['would-fail']} would fail`;
    const peer = probe.peer ? ` (answered from ${probe.peer})` : '';
    if (outcome.kind === 'stored') {
        log/* log */.R.fail(`Dry run: the empty probe of the write path was answered as if something was stored (HTTP ${outcome.status}${outcome.id ? `, item ${outcome.id}` : ''})${peer}. Look in the media library; nothing more was sent. ${plan}.`, 'Dry run: the probe looked stored');
    }
    else if (outcome.kind !== 'reaches') {
        (0,step_end/* failAnsweredBy */.jU)(`Dry run: the write path ${probePhrase(outcome)}${peer}; the real run would fail. ${plan}.`, outcome.verdict, 'Dry run: writes would not reach WordPress', wordpressProfile.name);
    }
    else if (counts['would-fail'] > 0) {
        const names = files.filter(file => file.status === 'would-fail').slice(0, 20);
        log/* log */.R.fail([
            `Dry run: writes reach WordPress${peer}, but ${(0,words/* counted */.h)(counts['would-fail'], 'file')} would fail:`,
            ...names.map(file => `- ${file.file}: ${file.message ?? 'would fail'}`)
        ].join('\n'), 'Dry run: files would fail');
    }
    else {
        log/* log */.R.info(`Dry run: writes reach WordPress${peer}. ${plan}. Nothing was uploaded.`);
    }
}

// EXTERNAL MODULE: ./src/http/client.ts
var http_client = __webpack_require__(3329);
;// CONCATENATED MODULE: ./src/upload/wordpress/media-api.ts








/**
 * The media library at `location`, signed in with HTTP Basic over `client` (one kept-alive
 * connection per file in flight, reused file after file: a TLS handshake per file would dominate
 * small files); the password's every form goes to `mask` first.
 */
function mediaApi(client, config, location, mask) {
    const authorization = (0,http_client/* basicAuthorization */.a)(config.username, config.appPassword);
    // WordPress accepts the password with or without its spaces; hide both, and the header form.
    mask(config.appPassword.replace(/\s+/g, ''));
    mask(authorization.slice('Basic '.length));
    client.authorize(authorization);
    const mediaUrl = (0,api_url/* endpointUrl */.Pb)(location.api, 'media');
    const settingsUrl = (0,api_url/* endpointUrl */.Pb)(location.api, 'settings');
    return {
        target: client.where(mediaUrl),
        settingsTarget: client.where(settingsUrl),
        context: method => ({
            app: wordpressProfile,
            method,
            apiPath: location.apiPath,
            apiSource: location.source,
            host: mediaUrl.host
        }),
        getSettings: () => client.get(settingsUrl),
        findBySlugs: slugs => client.get((0,api_url/* endpointUrl */.Pb)(location.api, 'media', {
            slug: slugs.join(','),
            per_page: '100',
            // WordPress builds media_details only when _fields names it whole.
            _fields: 'id,slug,source_url,post,author,mime_type,media_details'
        })),
        fileDigest: (url, maxBytes) => client.digest(url, maxBytes),
        // WordPress takes the fields of a raw-body upload from the query string.
        postFile: (file, fields = {}) => client.post((0,api_url/* endpointUrl */.Pb)(location.api, 'media', fields), { path: file.path, size: file.size }, {
            'Content-Type': file.mediaType,
            'Content-Disposition': contentDisposition(file.display),
            'Content-Length': file.size
        }),
        ...clientMediaRoutes(client, location.api),
        probeWrite: () => client.post(mediaUrl, '', {
            'Content-Type': 'image/png',
            'Content-Disposition': contentDisposition('write-probe.png'),
            'Content-Length': 0
        }),
        getItem: id => client.get((0,api_url/* endpointUrl */.Pb)(location.api, `media/${id}`)),
        editItem: id => client.get((0,api_url/* endpointUrl */.Pb)(location.api, `media/${id}`, { context: 'edit' })),
        // WP_REST_Attachments_Controller::post_process_item (wp-includes/rest-api/endpoints/
        // class-wp-rest-attachments-controller.php) runs wp_update_image_subsizes(), which saves each
        // size as it is made, so a repeated call goes on where the last one stopped.
        postProcess: id => client.post((0,api_url/* endpointUrl */.Pb)(location.api, `media/${id}/post-process`), JSON.stringify({ action: 'create-image-subsizes' }), { 'Content-Type': 'application/json' }),
        // WP_REST_Posts_Controller::delete_item: media has no trash (MEDIA_TRASH is off), so without
        // force=true it answers 501 rest_trash_not_supported; delete_post lets an author delete their own.
        deleteItem: id => client.delete((0,api_url/* endpointUrl */.Pb)(location.api, `media/${id}`, { force: 'true' })),
        libraryLink: () => client.siteUrl('/wp-admin/upload.php').href,
        editLink: id => {
            const url = client.siteUrl('/wp-admin/post.php');
            url.search = new URLSearchParams({ post: String(id), action: 'edit' }).toString();
            return url.href;
        },
        // WP_REST_Users_Controller::get_current_item; `context=edit` adds roles and capabilities,
        // which every user may read of themselves (get_item_permissions_check: edit_user on oneself).
        currentUser: () => client.get((0,api_url/* endpointUrl */.Pb)(location.api, 'users/me', { context: 'edit' })),
        close: () => client.close()
    };
}
/** WordPress's header, and the spec's neutral name for it. */
const ATTACHMENT_ID_HEADERS = ['x-wp-upload-attachment-id', 'x-cms-upload-attachment-id'];
/**
 * What `X-WP-Upload-Attachment-ID` says. WP_REST_Attachments_Controller::create_item sends it
 * once the file is moved into the uploads folder and the item inserted, before it makes the image
 * sizes, so any answer that carries it, even a 500, means the file is stored. The value is
 * untrusted: only one positive integer of sane size is taken as an id, never anything else.
 */
function storedAttachment(response) {
    const values = ATTACHMENT_ID_HEADERS.map(name => (0,http_headers/* headerValue */.Z)(response.headers, name)).filter((value) => value !== undefined);
    if (values.length === 0)
        return undefined;
    const id = values.length === 1 ? positiveId(values[0]) : undefined;
    return id === undefined ? {} : { id };
}
const positiveId = (value) => {
    const id = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};
/**
 * The media item a successful upload's answer describes. WordPress says the new id three times:
 * in its JSON, in `X-WP-Upload-Attachment-ID` and at the end of `Location`; the JSON may be
 * spoiled by a PHP notice in front of it, so each is read in turn.
 */
function parseMedia(response, verdict) {
    const json = verdict.json;
    const id = positiveId(json?.id) ??
        positiveId((0,http_headers/* headerValue */.Z)(response.headers, 'x-wp-upload-attachment-id')) ??
        positiveId(/\/media\/(\d+)\/?$/.exec((0,http_headers/* headerValue */.Z)(response.headers, 'location') ?? '')?.[1]);
    const slug = typeof json?.slug === 'string' ? json.slug : undefined;
    return { ...(id ? { id } : {}), ...(slug ? { slug } : {}), ...readMediaLinks(json) };
}
/** Why an upload was refused, one phrase: WordPress's own words, or who refused it. */
function refusalMessage(status, verdict) {
    if (verdict.code && verdict.said)
        return `${verdict.said} (${verdict.code})`;
    if (verdict.blocked) {
        const edge = verdict.edgeNode ? ` at ${(0,diagnosis/* edgeNodeName */.Tg)(verdict.edgeNode)}` : '';
        return `refused by the CDN${edge} before reaching the server`;
    }
    return `HTTP ${status}`;
}

;// CONCATENATED MODULE: ./src/upload/place/place-media.ts






/**
 * After the upload: every file in the library attached to the post of attach-to, and its featured
 * image set. Uploaded files went with `post` set, so they are its children already. An item that
 * was in the library is attached with `POST media/{id} {"post": N}` when it has no parent; one
 * attached to another post stays there (an item has one parent), with a warning naming both. The
 * featured image is written only when it is not already that item. Nothing is sent twice.
 */
async function placeMedia(input, deps) {
    const { report, target } = input;
    const files = report.files.map(outcome => outcome.status === 'uploaded' ? { ...outcome, post: target.id } : outcome);
    const placement = {
        target,
        uploaded: files.filter(outcome => outcome.status === 'uploaded').length,
        attached: [],
        elsewhere: [],
        failed: []
    };
    const skipped = deps.signal?.aborted
        ? 'the step was cancelled'
        : report.stopReason
            ? 'the run stopped early'
            : undefined;
    if (skipped)
        placement.skipped = skipped;
    else {
        for (const [index, outcome] of files.entries()) {
            if (outcome.status !== 'existing' || outcome.id === undefined)
                continue;
            const key = input.local[index]?.key;
            const known = key ? input.existing.get(key) : undefined;
            // Only an item proven to be the file is written to; the look-up proved every one it kept.
            if (known?.id !== outcome.id)
                continue;
            files[index] = await attachExisting(outcome, known, placement, deps);
        }
        const index = input.featured ? input.local.indexOf(input.featured) : -1;
        if (input.featured && index >= 0) {
            const known = input.existing.get(input.featured.key ?? '');
            placement.featured = await feature(files[index], input.featured, target, { known, deps });
        }
    }
    for (const line of placementLines(placement))
        deps.log(line);
    return { files, placement };
}
/** The post an item is attached to and its type, as `GET media/{id}` says them. */
async function readItem(api, id) {
    const json = (0,diagnosis/* diagnose */.h4)(await api.getItem(id), api.context('GET')).json;
    const item = json ? readHolder({ slug: '', ...json, id }) : undefined;
    return item ?? {};
}
async function attachExisting(outcome, known, placement, deps) {
    const { target } = placement;
    const { id } = known;
    const post = known.post !== undefined ? known.post : (await readItem(deps.api, id)).post;
    const state = parentState(post, target.id);
    if (state === 'attached')
        return { ...outcome, post: target.id };
    if (state === 'elsewhere') {
        deps.warn(`${outcome.file}: item ${id} is attached to post ${post}, not to ${postName(target)}; it is left there, since WordPress gives an item one post (remove it from post ${post}, or upload a copy under another name, to have it in ${postName(target)}).`, 'Attached to another post');
        placement.elsewhere.push(`${outcome.file} (item ${id}, post ${post})`);
        return { ...outcome, post: post ?? null };
    }
    if (state === 'unknown') {
        placement.failed.push(`${outcome.file} (item ${id}: the post it is attached to could not be read)`);
        return outcome;
    }
    const result = await deps.posts.attach(id, target.id);
    const verdict = (0,diagnosis/* diagnose */.h4)(result, deps.posts.context('POST'));
    if ('response' in result && result.response.status === 200 && verdict.json?.post === target.id) {
        deps.log(`${outcome.file}: item ${id} attached to ${postName(target)}.`);
        placement.attached.push(outcome.file);
        return { ...outcome, post: target.id };
    }
    const why = 'response' in result && result.response.status !== 200
        ? refusalMessage(result.response.status, verdict)
        : (0,send/* describeResult */.dy)(result);
    deps.warn(`${outcome.file}: item ${id} could not be attached to ${postName(target)}: ${why}.`, 'Not attached');
    placement.failed.push(`${outcome.file} (item ${id}: ${why})`);
    return { ...outcome, post: null };
}
/**
 * Sets the featured image, unless it already is that item. Not retried: a refusal would repeat,
 * and a lost answer may have set it.
 */
async function feature(outcome, file, target, { known, deps }) {
    const id = itemOf(outcome);
    const post = postName(target);
    if (id === undefined) {
        const why = outcome.message ? `: ${outcome.message}` : '';
        return {
            state: 'failed',
            message: `not set: ${file.display} is not in the library (${outcome.status}${why})`
        };
    }
    if (target.featured === id) {
        return {
            state: 'already',
            id,
            message: `item ${id} (${file.display}) already is the featured image of ${post}; nothing written`
        };
    }
    // WordPress drops a post's featured image when given an item that is no image.
    const type = known?.id === id ? known.mimeType : (await readItem(deps.api, id)).mimeType;
    if (!type?.startsWith('image/')) {
        return {
            state: 'failed',
            message: `not set: item ${id} (${file.display}) is ${type ?? 'of a type WordPress did not say'} on the server, not an image, and WordPress would drop the featured image of ${post} instead`
        };
    }
    const result = await deps.posts.setFeatured(target.route, target.id, id);
    const verdict = (0,diagnosis/* diagnose */.h4)(result, deps.posts.context('POST'));
    if (!('response' in result)) {
        return {
            state: 'failed',
            message: `no answer when setting item ${id} as the featured image of ${post} (${result.failure.message}); look at the post: it may have been set`,
            verdict
        };
    }
    const { status } = result.response;
    const now = verdict.json?.featured_media;
    if (status === 200 && now === id) {
        const was = target.featured ? ` (it was item ${target.featured})` : '';
        return {
            state: 'set',
            id,
            message: `item ${id} (${file.display}) set as the featured image of ${post}${was}`
        };
    }
    const why = status !== 200
        ? refusalMessage(status, verdict)
        : now === undefined
            ? `${target.type} posts have no featured image on this site (the type does not support thumbnails): WordPress ignored it`
            : `WordPress answered 200 but kept featured image ${JSON.stringify(now)}; it takes only an image it can show`;
    return { state: 'failed', message: `item ${id} (${file.display}) not set: ${why}`, verdict };
}

// EXTERNAL MODULE: ./src/cancel/cancellation.ts + 1 modules
var cancellation = __webpack_require__(3156);
// EXTERNAL MODULE: ./src/summary/write.ts + 1 modules
var write = __webpack_require__(450);
// EXTERNAL MODULE: ./src/upload/files/shard.ts
var files_shard = __webpack_require__(3649);
// EXTERNAL MODULE: ./src/upload/report/schema.ts
var schema = __webpack_require__(7609);
;// CONCATENATED MODULE: ./src/upload/report/leg-report.ts




/** Server text and anything it may echo pass here: a secret in it never reaches the file. */
const leg_report_text = (value) => value === undefined ? null : (0,secrets/* redact */.E$)(value);
function fileEntry(outcome, timing) {
    return {
        path: leg_report_text((0,files_shard/* shardPath */.A$)(outcome.file)),
        status: outcome.status,
        mediaId: outcome.id ?? null,
        url: leg_report_text(outcome.url),
        attempts: outcome.attempts,
        httpStatus: outcome.httpStatus ?? outcome.verdict?.status ?? null,
        layer: outcome.verdict?.layer ?? null,
        message: leg_report_text(outcome.message),
        startedAt: timing ? timing.startedAt.toISOString() : null,
        durationMs: timing ? timing.durationMs : null
    };
}
/** The run's report: every file's outcome in the order matched, its counts, and why it stopped. */
function legReport(input) {
    const { verdict } = input;
    return {
        schema: schema/* REPORT_SCHEMA */.DC,
        version: schema/* REPORT_VERSION */.Aj,
        shard: input.shard ? { index: input.shard.index, count: input.shard.count } : null,
        site: (0,secrets/* redact */.E$)(input.site),
        dryRun: input.dryRun,
        startedAt: input.startedAt.toISOString(),
        endedAt: input.endedAt.toISOString(),
        durationMs: Math.max(0, input.endedAt.getTime() - input.startedAt.getTime()),
        matched: input.matched,
        counts: countByStatus([...input.files]),
        stop: input.stopReason
            ? {
                reason: (0,secrets/* redact */.E$)(input.stopReason),
                blocked: verdict?.blocked ?? false,
                layer: verdict?.layer ?? null,
                httpStatus: verdict?.status ?? null
            }
            : null,
        files: input.files.map(file => fileEntry(file, input.timings.get(file.file)))
    };
}

;// CONCATENATED MODULE: ./src/upload/report/write-report.ts






/**
 * The report's file name: a leg's names its leg, so that the reports of a matrix, downloaded into
 * one folder (`merge-multiple: true`), do not overwrite each other; `copy` counts a second run in
 * the same job.
 */
function reportName(shard, copy = 0) {
    const leg = shard ? `-leg-${shard.index}-of-${shard.count}` : '';
    return `wordpress-upload-report${leg}${copy ? `-${copy + 1}` : ''}.json`;
}
/** Copies of the name tried at most, for several upload steps in one job. */
const MAX_COPIES = 100;
/**
 * Writes the report under the runner's temp folder (the workspace when there is none, as in a
 * local run), never over another step's, and names it in the `report-file` output. A report that
 * cannot be written only warns: the files are in the library all the same.
 */
async function saveReport(report, shard, folder) {
    const text = `${JSON.stringify(report, null, 1)}\n`;
    try {
        await (0,promises_.mkdir)(folder, { recursive: true });
        for (let copy = 0; copy < MAX_COPIES; copy++) {
            const file = external_node_path_default().join(folder, reportName(shard, copy));
            try {
                await (0,promises_.writeFile)(file, text, { flag: 'wx' });
            }
            catch (error) {
                if (error.code === 'EEXIST')
                    continue;
                throw error;
            }
            (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.reportFile, file);
            log/* log */.R.info(`Report of this run: ${file}`);
            return;
        }
        throw new Error(`${MAX_COPIES} reports are in ${folder} already`);
    }
    catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        log/* log */.R.warning(`The run's report was not written: ${why}`, 'No report');
    }
}
/**
 * The run's report, whatever became of its files (none, for a leg the hash gave none): made from
 * what the run knows at its end, and saved.
 */
async function saveRunReport(config, workspace, known) {
    const { shard, dryRun, baseUrl } = config;
    const report = legReport({
        timings: new Map(),
        ...known,
        ...(shard ? { shard } : {}),
        site: `${baseUrl.host}${baseUrl.pathname}`,
        dryRun,
        endedAt: new Date()
    });
    await saveReport(report, shard, process.env.RUNNER_TEMP || workspace);
}

// EXTERNAL MODULE: ./src/summary/diagnosis-block.ts
var diagnosis_block = __webpack_require__(8981);
// EXTERNAL MODULE: ./src/summary/html.ts
var html = __webpack_require__(1479);
;// CONCATENATED MODULE: ./src/upload/wordpress/refusals.ts




/**
 * Who answered, in the summary lead's words (`answerer`), to stand inside a sentence: the CDN by
 * name, the web server, WordPress. The host is left out: the lead names it.
 */
function whoAnswered(verdict) {
    return (0,answerer/* answerer */.oT)({ ...verdict, host: undefined }, wordpressProfile.name).replace(/^The /, 'the ');
}
const FOLDER = /could not be moved to|unable to create directory|not writable/i;
function refusalKind(status, verdict) {
    if (status === 413)
        return 'too-large';
    if (verdict.layer !== 'origin')
        return undefined;
    if (verdict.code === 'rest_upload_image_type_not_supported')
        return 'image-type';
    if (verdict.code === 'rest_cannot_edit' && (status === 401 || status === 403))
        return 'parent';
    if (status === 401)
        return 'credentials';
    if (status === 403 && verdict.code === 'rest_cannot_create')
        return 'permission';
    if (verdict.code !== 'rest_upload_sideload_error')
        return undefined;
    if (FOLDER.test(verdict.said ?? ''))
        return 'uploads-folder';
    return /file type/i.test(verdict.said ?? '') ? 'type' : 'sideload';
}
/** Refusals every later file would meet too: the run stops after them. */
function stopsTheRun(kind) {
    return (kind === 'uploads-folder' ||
        kind === 'credentials' ||
        kind === 'permission' ||
        kind === 'parent');
}
/**
 * "Unable to create directory" may be a race, not a fault: wp_mkdir_p() (wp-includes/functions.php)
 * tests whether the month's folder exists, then calls mkdir(); when two uploads both find it
 * missing, the slower one's mkdir() fails and wp_upload_dir() refuses its file although the folder
 * is there. Only sending the file again, alone, tells the two apart.
 */
function mayBeFolderRace(refusal, verdict) {
    return refusal === 'uploads-folder' && /unable to create directory/i.test(verdict?.said ?? '');
}
/** A 5xx that is WordPress's own refusal of this file, not a failure that may have stored it. */
function isRefusal(kind) {
    return kind === 'type' || kind === 'uploads-folder' || kind === 'sideload';
}
function extensionOf(file) {
    const extension = external_node_path_default().extname(file.display);
    return extension ? `extension ${JSON.stringify(extension)}` : 'no extension';
}
/** Why the file was refused, one phrase naming what is at fault. */
function refusalText(kind, file, verdict) {
    const words = verdict.said && verdict.code ? `: ${verdict.said} (${verdict.code})` : '';
    switch (kind) {
        case 'type':
            return `WordPress does not accept this file type (${extensionOf(file)}; it judges by the name's extension and the content, not by Content-Type)${words}`;
        case 'image-type':
            return `WordPress cannot make image sizes from ${file.mediaType} on this server${words}. Convert the image to JPEG or PNG, or have the host give PHP an image library that reads ${file.mediaType} (Imagick, or a GD built with it); no other ${file.mediaType} file is sent`;
        case 'parent':
            return `WordPress refused to attach the upload to the post in attach-to: the user may not edit that post${words}`;
        case 'uploads-folder':
            return `WordPress could not write into its uploads folder (the server's file permissions or disk, not this file)${words}`;
        case 'credentials':
            return `the credentials were refused (HTTP 401: wrong username or application password)${words}`;
        case 'permission':
            return `the user may not upload files (HTTP 403: it lacks the upload_files capability)${words}`;
        case 'too-large':
            return `too large: ${(0,html/* formatBytes */.z3)(file.size)} refused with HTTP 413 by ${whoAnswered(verdict)}`;
        case 'sideload':
            return `WordPress refused the file${words}`;
    }
}
/**
 * Answers of a host that turns a request away at the door, before WordPress runs: too many
 * requests (429), too many at once (508, CloudLinux's "Resource Limit Is Reached"). Nothing was
 * stored, and the same request later may pass. Looking the file up instead would meet the same
 * limit while the other uploads are in flight.
 */
const TURNED_AWAY = new Set([429, 508]);
/**
 * Whether a refused upload (or a size sent for it) is worth sending again. A 429 or a 508 asks
 * for it. A 405 is retried unless the origin answered it (WordPress, or the web server in front
 * of it): the back-off is for a CDN's passing throttling of POSTs, while the origin's 405 (its
 * route or its rules refuse POST) is the same on every attempt, so retrying would only delay the
 * run by the back-off. A 405 of unknown origin may come from a CDN that does not name itself, so
 * it gets the back-off too.
 */
function worthRetrying(status, verdict) {
    return TURNED_AWAY.has(status) || (status === 405 && verdict.layer !== 'origin');
}

;// CONCATENATED MODULE: ./src/upload/summary/table.ts





/** Rows beyond this are counted, not listed: the summary must stay far below GitHub's 1 MiB. */
const MAX_FILE_ROWS = 500;
/** Rows shown before the rest of a long table is folded into `<details>`. */
const FIRST_ROWS = 10;
/** Names shown in a shared row as they are; more than this are folded. */
const NAMES_SHOWN = 10;
/** Names listed inside a row's fold; the `media` output lists every one. */
const GROUP_NAMES = 20;
/**
 * Each status in words (the `media` output keeps its tokens): what refused a blocked file is said
 * once, in its "Answered by".
 */
const STATUS_TEXT = {
    uploaded: '✅ uploaded',
    existing: '♻️ already in the library',
    failed: '❌ failed',
    blocked: '⛔ blocked',
    'not-attempted': '⏭️ not sent',
    'would-upload': '📤 would be uploaded',
    'would-fail': '❌ would fail'
};
/** Problems first, so that a long table's first rows are the ones to read. */
const RANK = {
    failed: 0,
    blocked: 1,
    'not-attempted': 2,
    'would-fail': 0,
    'would-upload': 3,
    uploaded: 3,
    existing: 3
};
/** In the library, or would be in a real run: a file that is no problem to show. */
const succeeded = (file) => file.status === 'uploaded' || file.status === 'existing' || file.status === 'would-upload';
/** Who answered for this file in the lead's words (`answerer`), or that nobody did. */
function answeredBy(file) {
    const { verdict } = file;
    // A file not sent has no answer of its own, though it carries the refusal that stopped it.
    if (file.attempts > 0 && verdict?.status !== undefined) {
        const who = whoAnswered(verdict);
        return (0,html/* escapeHtml */.ZD)(who.charAt(0).toUpperCase() + who.slice(1));
    }
    return file.attempts === 0 ? '—' : 'no answer';
}
/**
 * Why a file is not in the library, as its message says it, without what the Answered by cell
 * says: a CDN's block is `refused by the CDN …` in the log, and said once here.
 */
function withoutWho(file) {
    const { message, verdict, httpStatus } = file;
    // Its size is in the row, and who refused it and the status in their own cells.
    if (file.refusal === 'too-large' && file.attempts > 0)
        return 'too large';
    if (!message || !verdict?.blocked || httpStatus === undefined)
        return message;
    const who = refusalMessage(httpStatus, verdict);
    // Only who refused is dropped: WordPress's own words, where it sent some, stay.
    if (!who.startsWith('refused by') || !message.startsWith(who))
        return message;
    return message.slice(who.length).replace(/^;\s*/, '') || undefined;
}
/**
 * What the row says of the file beside its status: why it is not in the library, or, for an item
 * stored although its answer failed or was lost, its sizes unmade or a second copy, the message.
 */
function remark(file) {
    if (file.id === undefined) {
        const why = withoutWho(file);
        return why ? (0,html/* inline */.mG)(why, 300) : '';
    }
    const answered = file.httpStatus !== undefined && file.httpStatus < 300;
    const storedDespite = file.status === 'uploaded' && !answered;
    // Sizes WordPress made although the runner was to make them: the message says why.
    const fellBack = file.sizesBy !== undefined && file.sizesBy !== 'runner';
    return (storedDespite || file.sizes === 'missing' || file.copies || fellBack) && file.message
        ? (0,html/* inline */.mG)(file.message, 300)
        : '';
}
/** How many POSTs it took, where that is news: more than one. */
function attemptsText(file) {
    if (file.attempts < 2)
        return '';
    return file.status === 'uploaded'
        ? ` on attempt ${file.attempts}`
        : ` after ${file.attempts} attempts`;
}
/** The status in words, its HTTP status and attempts, and the remark: each said once. */
function statusCell(file) {
    // Stored, but not as it should be: no ✅ over it.
    const text = file.status === 'uploaded' && file.sizes === 'missing'
        ? '⚠️ uploaded, without its smaller sizes'
        : STATUS_TEXT[file.status];
    // "not sent: the step was cancelled" after "⏭️ not sent" would say it twice.
    const note = file.status === 'not-attempted' ? remark(file).replace(/^not sent: /, '') : remark(file);
    // A file not sent carries the status of the answer that kept it back: not its own. A remark
    // that quotes the status ("although WordPress answered HTTP 500") says it already.
    const own = file.httpStatus && file.attempts > 0 && !note.includes(`HTTP ${file.httpStatus}`);
    const http = own ? ` (HTTP ${file.httpStatus})` : '';
    return `${text}${http}${attemptsText(file)}${note ? `: ${note}` : ''}`;
}
/** The item, linked to its edit page where the summary may link it. */
function itemLink(id, edit) {
    return edit ? (0,html/* link */.nf)(edit(id), `#${id}`) : `#${id}`;
}
/** Files whose rows say the same thing but for their name, size and item. */
function sameness(file) {
    return JSON.stringify([statusCell(file), answeredBy(file)]);
}
/** The table's rows, each one file or several that say the same thing, problems first. */
function groupRows(files) {
    const ranked = files
        .map((file, index) => ({ file, index }))
        .sort((a, b) => RANK[a.file.status] - RANK[b.file.status] || a.index - b.index)
        .map(({ file }) => file);
    const groups = new Map();
    const rows = [];
    for (const file of ranked) {
        const key = sameness(file);
        const group = groups.get(key);
        if (group) {
            group.push(file);
        }
        else {
            const first = [file];
            groups.set(key, first);
            rows.push(first);
        }
    }
    return rows;
}
/** A file's name, with its item beside it when it has one (kept on its line). */
function nameOf(file, item) {
    const name = `<code>${(0,html/* inline */.mG)(file.file)}</code>`;
    return file.id === undefined ? name : `${name}\u00a0${item(file.id)}`;
}
/**
 * The File cell of a row: its names, each with its item, one a line; past the first few the rest
 * are folded, and past a longer list only counted.
 */
function namesCell(group, item) {
    const names = group.map(file => nameOf(file, item));
    if (names.length <= NAMES_SHOWN)
        return names.join('<br>');
    const folded = names.slice(NAMES_SHOWN, NAMES_SHOWN + GROUP_NAMES);
    const left = names.length - NAMES_SHOWN - folded.length;
    const more = left > 0 ? `<br>… and ${left} more: the <code>media</code> output lists every one.` : '';
    const rest = names.length - NAMES_SHOWN;
    return `${names.slice(0, NAMES_SHOWN).join('<br>')}<details><summary>${(0,words/* counted */.h)(rest, 'more file')}</summary>${folded.join('<br>')}${more}</details>`;
}
/** One row for one file, or for files that say the same thing. */
function rowCells(group, item) {
    const first = group[0];
    const size = (0,html/* formatBytes */.z3)(group.reduce((sum, file) => sum + file.size, 0));
    return [namesCell(group, item), size, statusCell(first), answeredBy(first)];
}
/** The same columns for one file and for thousands, for a run and a dry run. */
// The last header kept on one line: a narrow column would break it.
const HEADER = ['File', 'Size', 'Status', 'Answered\u00a0by'];
/** The files' table: its first rows, the rest folded, and beyond the cap only counted. */
function renderFiles(files, edit, featured) {
    const rows = groupRows(files);
    const listed = rows.slice(0, MAX_FILE_ROWS);
    const item = id => `${itemLink(id, edit)}${id === featured ? ' (the featured image)' : ''}`;
    const cells = listed.map(group => rowCells(group, item));
    const shown = (part) => (0,html/* table */.tp)(part, HEADER);
    const rest = listed.slice(FIRST_ROWS).reduce((sum, row) => sum + row.length, 0);
    const unlisted = rows.slice(MAX_FILE_ROWS).flat();
    const counts = Object.entries(countByStatus(unlisted))
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${n} ${status}`);
    return (0,html/* lines */.Mn)([
        shown(cells.slice(0, FIRST_ROWS)),
        cells.length > FIRST_ROWS &&
            `<details><summary>${(0,words/* counted */.h)(rest, 'more file')}</summary>${shown(cells.slice(FIRST_ROWS))}</details>`,
        unlisted.length > 0 &&
            `<p>… and ${(0,words/* counted */.h)(unlisted.length, 'more file')} (${counts.join(', ')}): the <code>media</code> output lists every one.</p>`
    ]);
}
/** `2 files are` / `1 file is`: a count that begins a sentence about the files. */
function filesAre(count) {
    return `${(0,words/* counted */.h)(count, 'file')} ${(0,words/* agrees */.i)(count, 'is', 'are')}`;
}

;// CONCATENATED MODULE: ./src/upload/summary/details.ts

/**
 * A CDN's block, with what this mode can do about it next time: wait for the block to lift
 * (`blocked-wait-seconds`), and send again only what is missing, which a re-run does while
 * `skip-existing` is on. A dry run sent nothing, so only the first applies. Other verdicts as
 * they are.
 */
function withBlockAdvice(verdict, advice, dryRun) {
    if (!verdict.blocked || verdict.layer !== 'cdn' || !advice)
        return verdict;
    const wait = advice.waitSeconds > 0
        ? `Or raise \`blocked-wait-seconds\` (${advice.waitSeconds} s this time) to wait longer for the block to lift before the rest is sent.`
        : 'Or set `blocked-wait-seconds` (900, say) to have the action wait for the block to lift, probing with empty POSTs, and then send the rest.';
    const remedies = [...verdict.remedies, wait];
    const notes = [...(verdict.notes ?? [])];
    if (!dryRun && advice.skipExisting) {
        notes.push('A re-run sends only the files that are missing: those already in the library are found by their content and not sent again.');
    }
    else if (!dryRun) {
        remedies.push('Set `skip-existing: true` before re-running, so that only the files that are missing are sent.');
    }
    return { ...verdict, remedies, ...(notes.length > 0 ? { notes } : {}) };
}
/** What `concurrency: auto` found: the highest level, and where it ended when lower. */
function atOnce({ final, highest }) {
    const ended = final < highest ? `, ${final} at the end` : '';
    return `up to ${highest} (concurrency: auto${ended})`;
}
/** The Details fold: where the requests went and what the checks before sending found. */
function renderDetails(input) {
    const { preflight, lookup, report, api } = input;
    const found = lookup
        ? lookup.kind === 'found'
            ? 'looked up'
            : lookup.kind === 'failed'
                ? 'look-up failed'
                : 'cannot be looked up'
        : 'not looked up';
    const facts = [
        `Target: <code>${(0,html/* inline */.mG)(input.target)}</code>`,
        `Preflight: ${preflight ? (preflight.ok ? 'passed' : 'failed') : 'skipped'}`,
        `Already in the library: ${found}`,
        // A run that image-sizes: runner stopped says why above, and made no size anywhere.
        ...(input.sizes && !input.sizesStop
            ? [
                input.sizes.on === 'runner'
                    ? `Image sizes: ${input.dryRun ? 'would be ' : ''}made on the runner (WordPress's client-side media processing)`
                    : `Image sizes: made by WordPress, as ${(0,html/* inline */.mG)(input.sizes.why, 300)}`
            ]
            : []),
        ...(report?.concurrency ? [`At once: ${atOnce(report.concurrency)}`] : [])
    ];
    const rest = api
        ? `<p>REST API: <code>${(0,html/* inline */.mG)(api.apiPath)}</code>, ${(0,html/* inline */.mG)(api.how, 600)}.${api.note ? ` ${(0,html/* inline */.mG)(api.note, 300)}` : ''}</p>`
        : '';
    return `<details><summary>Details</summary><p>${facts.join(' · ')}</p>${rest}</details>`;
}

;// CONCATENATED MODULE: ./src/upload/summary/holders.ts

/** Keys listed at most; the warnings name every one. */
const MAX_KEYS = 20;
/**
 * Items found under files' content keys that are not those files: each linked, so a person can
 * judge it, and said to be left as it is. The run never writes to them.
 */
function renderKeyHolders(lookup, edit) {
    if (lookup?.kind !== 'found' || lookup.foreign.size === 0)
        return undefined;
    const keys = [...lookup.foreign];
    const items = keys.slice(0, MAX_KEYS).map(([key, holders]) => {
        const named = holders.map(holder => {
            const id = `#${holder.id}`;
            return `${edit ? (0,html/* link */.nf)(edit(holder.id), id) : id} (${(0,html/* inline */.mG)(holder.why, 300)})`;
        });
        return `<li><code>${(0,html/* inline */.mG)(key)}</code>: ${named.join('; ')}</li>`;
    });
    const more = keys.length > MAX_KEYS
        ? `<li>… and ${keys.length - MAX_KEYS} more: the warnings name every one.</li>`
        : '';
    return `<p>⚠️ Items that hold files' content keys but are not those files, left as they are (each file was uploaded, or found, as an item of its own):</p><ul>${items.join('')}${more}</ul>`;
}

;// CONCATENATED MODULE: ./src/upload/summary/summary.ts












/** Pictures shown at most, and the box in pixels each is fitted into. */
const MAX_PREVIEWS = 12;
const PREVIEW_BOX = 96;
/** A dry run's heading: what the real run would do, and whether writes reach WordPress. */
function dryRunHeadline(files, probe) {
    const counts = countByStatus(files);
    const upload = counts['would-upload'];
    const parts = [`${upload === 0 ? 'no file' : (0,words/* counted */.h)(upload, 'file')} would be uploaded`];
    if (counts.existing)
        parts.push(`${counts.existing} existing`);
    if (counts['would-fail'])
        parts.push(`${counts['would-fail']} would fail`);
    // A write path that does not reach WordPress is why: said in the heading, where it fails.
    const why = probe.outcome.kind === 'reaches' ? '' : `; the write path ${probePhrase(probe.outcome)}`;
    const ok = probe.outcome.kind === 'reaches' && counts['would-fail'] === 0;
    return `${ok ? '✅' : '❌'} ${parts.join(', ')}${why}`;
}
/** A file in the library more than once, or maybe: every file is there, yet not as it should be. */
function twiceNote(files) {
    const left = files.filter(file => file.copies && file.copies.state !== 'removed').length;
    if (left === 0)
        return undefined;
    return `${(0,words/* counted */.h)(left, 'file')} may be in the library twice`;
}
/** Items stored without their smaller sizes: usable, but not as they should be. */
function sizesNote(files) {
    const missing = files.filter(file => file.sizes === 'missing').length;
    if (missing === 0)
        return undefined;
    return `${(0,words/* counted */.h)(missing, 'item')} without ${(0,words/* agrees */.i)(missing, 'its', 'their')} smaller image sizes`;
}
function headline(files) {
    const counts = countByStatus(files);
    const all = files.length;
    const notes = [twiceNote(files), sizesNote(files)].filter(Boolean);
    const mark = notes.length ? '⚠️' : '✅';
    const also = notes.map(note => `; ${note}`).join('');
    if (counts.uploaded === all)
        return `${mark} ${all} of ${(0,words/* counted */.h)(all, 'file')} uploaded${also}`;
    if (counts.existing === all) {
        const already = all === 1 ? 'The file was' : `All ${all} files were`;
        return `${mark} ${already} already in the library${also}`;
    }
    if (counts.uploaded + counts.existing === all) {
        return `${mark} ${all} of ${(0,words/* counted */.h)(all, 'file')} in the library: ${counts.uploaded} uploaded, ${counts.existing} existing${also}`;
    }
    const parts = [`${counts.uploaded} of ${all} uploaded`];
    if (counts.existing)
        parts.push(`${counts.existing} existing`);
    if (counts.blocked)
        parts.push(`${counts.blocked} blocked`);
    if (counts.failed)
        parts.push(`${counts.failed} failed`);
    if (counts['not-attempted'])
        parts.push(`${counts['not-attempted']} not attempted`);
    return `❌ ${parts.join(', ')}${also}`;
}
/**
 * The first line: where the files went, in one sentence, and the link to the media library,
 * where the user goes next. A refusal leads it, naming who answered: the CDN, or WordPress.
 */
function firstLine(input, verdict) {
    const refused = (0,answerer/* refusalLine */.tw)(verdict, wordpressProfile.name, input.dryRun ? "the dry run's probe" : 'the upload');
    const lead = refused ? `${(0,html/* inline */.mG)(refused, 600)} ` : '';
    return `${lead}${whereFilesWent(input)}`;
}
/** Where the files went, and the link to the media library. */
function whereFilesWent(input) {
    const { files, site } = input;
    const where = site ? ` of <code>${(0,html/* inline */.mG)(site.name)}</code>` : '';
    const open = site ? ` — ${(0,html/* link */.nf)(site.library, 'open the media library')}` : '';
    const counts = countByStatus(files);
    if (input.dryRun) {
        const upload = counts['would-upload'];
        const there = counts.existing;
        const plan = [
            upload > 0 && `${(0,words/* counted */.h)(upload, 'file')} would be uploaded to the media library${where}`,
            there > 0 &&
                (upload > 0
                    ? `${there} ${(0,words/* agrees */.i)(there, 'is', 'are')} there already`
                    : `${filesAre(there)} in the media library${where} already`),
            counts['would-fail'] > 0 && `${(0,words/* counted */.h)(counts['would-fail'], 'file')} would fail`
        ].filter(Boolean);
        return `Dry run: nothing was uploaded; ${plan.join(', ')}${open}.`;
    }
    const inLibrary = counts.uploaded + counts.existing;
    if (inLibrary === files.length) {
        const all = files.length === 1 ? 'The file is' : `All ${files.length} files are`;
        return `${all} in the media library${where}${open}.`;
    }
    // Nothing to open there: the library link would only show what was there before.
    if (inLibrary === 0)
        return `No file reached the media library${where}.`;
    return `${inLibrary} of ${(0,words/* counted */.h)(files.length, 'file')} ${(0,words/* agrees */.i)(inLibrary, 'is', 'are')} in the media library${where}; ${files.length - inLibrary} ${(0,words/* agrees */.i)(files.length - inLibrary, 'is', 'are')} not${open}.`;
}
/**
 * What attaching did, with the post named once: its first mention linked to its edit page, where
 * the user goes next; the later ones (the featured image's sentence names it too, as the log
 * needs) become "the post".
 */
function placementLine(placement, post, edit) {
    const text = (0,html/* inline */.mG)(placement.join(' '), 1600);
    if (post?.kind !== 'found')
        return text;
    const name = (0,html/* escapeHtml */.ZD)(postName(post));
    const at = text.indexOf(name);
    if (at < 0)
        return text;
    const view = post.view ? ` (${(0,html/* link */.nf)(post.view, 'view it')})` : '';
    const named = `${edit ? (0,html/* link */.nf)(edit(post.id), name) : name}${view}`;
    const rest = text
        .slice(at + name.length)
        .split(name)
        .join('the post');
    return `${text.slice(0, at)}${named}${rest}`;
}
/** Files listed at most in the paragraph on second copies; the warnings name every one. */
const MAX_COPY_FILES = 20;
/**
 * Files sent again after a lost answer and then looked up once more: a second copy removed, left
 * in the library, or not ruled out, each with the edit pages of the items to look at.
 */
function renderCopies(files) {
    const checked = files.flatMap(file => (file.copies ? [{ file, ...file.copies }] : []));
    if (checked.length === 0)
        return undefined;
    const items = checked.slice(0, MAX_COPY_FILES).map(({ file, state, items: pages }) => {
        const links = pages.map(item => (0,html/* link */.nf)(item.edit, `#${item.id}`)).join(', ');
        return `<li>${state === 'removed' ? '♻️' : '⚠️'} <code>${(0,html/* inline */.mG)(file.file)}</code>: ${(0,html/* inline */.mG)(file.message ?? '', 600)}${links ? ` (edit: ${links})` : ''}</li>`;
    });
    const more = checked.length > MAX_COPY_FILES
        ? `<li>… and ${checked.length - MAX_COPY_FILES} more: the warnings name every one.</li>`
        : '';
    return `<p>Sent again after a lost answer, then looked up once more for a second copy:</p><ul>${items.join('')}${more}</ul>`;
}
/** Fits a picture into the box, keeping its shape; a picture of unknown shape gets the height. */
function fitted(preview) {
    const { width, height } = preview;
    if (!width || !height)
        return { height: PREVIEW_BOX };
    const scale = Math.min(1, PREVIEW_BOX / width, PREVIEW_BOX / height);
    return {
        width: Math.max(1, Math.round(width * scale)),
        height: Math.max(1, Math.round(height * scale))
    };
}
/** Small pictures of the images in the library, each linked to its file, capped in number. */
function renderPreviews(files) {
    const pictures = files.flatMap(file => {
        if (!succeeded(file) || !file.preview)
            return [];
        const picture = (0,html/* image */.Sl)(file.preview.url, external_node_path_default().basename(file.file), fitted(file.preview));
        if (!picture)
            return [];
        return [file.url ? (0,html/* link */.nf)(file.url, picture) : picture];
    });
    if (pictures.length === 0)
        return undefined;
    const left = pictures.length - MAX_PREVIEWS;
    const more = left > 0 ? ` … and ${(0,words/* counted */.h)(left, 'more image')}` : '';
    return `<p>${pictures.slice(0, MAX_PREVIEWS).join(' ')}${more}</p>`;
}
/** The answer that decides what to do, when the run did not go as it should; else undefined. */
function deciding(input) {
    const { files, preflight, lookup, report, post } = input;
    const probe = input.dryRun;
    // Only an answer that failed a file diagnoses: after a cancel, the last answer may be a success.
    const failedBy = (candidate) => files.some(file => !succeeded(file) && file.verdict === candidate) ? candidate : undefined;
    const verdict = preflight && !preflight.ok
        ? preflight.verdict
        : post && post.kind !== 'found'
            ? post.verdict
            : lookup?.kind === 'failed'
                ? lookup.verdict
                : probe && probe.outcome.kind !== 'reaches'
                    ? probe.outcome.verdict
                    : failedBy(report?.verdict);
    const failed = files.some(file => !succeeded(file));
    return failed || (probe && probe.outcome.kind !== 'reaches') ? verdict : undefined;
}
/**
 * Items stored without their smaller sizes, by cause: a CDN that refused the sizes made on the
 * runner, or WordPress, which could not make them (out of PHP memory, most often).
 */
function renderWithoutSizes(files) {
    const missing = files.filter(file => file.sizes === 'missing');
    if (missing.length === 0)
        return undefined;
    const refused = missing.filter(file => file.verdict?.blocked).length;
    const unmade = missing.length - refused;
    const stored = (n) => `${(0,words/* counted */.h)(n, 'item')} stored without ${(0,words/* agrees */.i)(n, 'its', 'their')} smaller image sizes`;
    const output = '(the <code>media</code> output says <code>"sizes": "missing"</code>)';
    return (0,html/* lines */.Mn)([
        refused > 0 &&
            `<p>⚠️ ${stored(refused)} ${output}: usable, but the CDN refused the sizes made on the runner before they reached WordPress. Re-run once the block lifts: ${(0,words/* agrees */.i)(refused, 'the item is', 'the items are')} found in the library and ${(0,words/* agrees */.i)(refused, 'its', 'their')} sizes are made then.</p>`,
        unmade > 0 &&
            `<p>⚠️ ${stored(unmade)} ${output}: usable, but WordPress ran out of resources making the sizes. Raise PHP's memory_limit (an upload needs about twice the file's size) or scale the images down.</p>`
    ]);
}
/**
 * The job summary section of one upload run. It opens with where the files went and a link to
 * the media library; a failed run then leads with the diagnosis. Files that say the same thing
 * share one row, a long table shows its first rows, the rest folded, and where the requests went
 * is folded into Details.
 */
function renderUploadSummary(input) {
    const { files, preflight, rights, lookup, report, post } = input;
    const probe = input.dryRun;
    const verdict = deciding(input);
    return (0,html/* lines */.Mn)([
        probe
            ? `<h2>WordPress upload, dry run: ${(0,html/* inline */.mG)(dryRunHeadline(files, probe), 400)}</h2>`
            : `<h2>WordPress upload: ${headline(files)}</h2>`,
        `<p>${firstLine(input, verdict)}</p>`,
        input.leg && `<p>🧩 This is ${(0,html/* inline */.mG)(input.leg)}.</p>`,
        verdict && (0,diagnosis_block/* renderDiagnosis */.sW)(withBlockAdvice(verdict, input.block, Boolean(probe))),
        probe &&
            `<p>One empty POST probed the write path${probe.peer ? ` (answered from ${(0,html/* inline */.mG)(probe.peer)})` : ''}: it ${(0,html/* inline */.mG)(probePhrase(probe.outcome), 400)}. The table says what the real run would do with each file.</p>`,
        ...(input.api?.refused ?? []).map(refused => `<p>⚠️ ${(0,html/* inline */.mG)(refused, 400)}</p>`),
        input.api?.slow && `<p>⚠️ ${(0,html/* inline */.mG)(input.api.slow, 400)}</p>`,
        preflight && !preflight.ok && `<p>${(0,html/* inline */.mG)(preflight.message, 600)}</p>`,
        rights?.kind === 'may-not-upload' &&
            `<p>${(0,html/* inline */.mG)(rights.message, 600)} ${(0,html/* inline */.mG)(rights.remedy, 600)}</p>`,
        input.sizesStop && `<p>${(0,html/* inline */.mG)(input.sizesStop, 800)}</p>`,
        // Once files went, or would go, to the post, the 📌 line says so: "Files go to …" twice.
        post &&
            !(post.kind === 'found' && input.placement) &&
            `<p>Attach to: ${(0,html/* inline */.mG)(post.message, 600)}${'remedy' in post ? ` ${(0,html/* inline */.mG)(post.remedy, 600)}` : ''}</p>`,
        input.placement && `<p>📌 ${placementLine(input.placement, post, input.site?.edit)}</p>`,
        lookup &&
            lookup.kind !== 'found' &&
            `<p>${lookup.kind === 'unsupported' ? '⚠️ ' : ''}${(0,html/* inline */.mG)(lookup.message, 600)}</p>`,
        renderWithoutSizes(files),
        report?.stopReason && `<p><strong>Stopped:</strong> ${(0,html/* inline */.mG)(report.stopReason, 600)}</p>`,
        input.blockedWindow && `<p>⏳ ${(0,html/* inline */.mG)(input.blockedWindow, 800)}</p>`,
        input.addressChange && `<p>${(0,html/* inline */.mG)(input.addressChange, 600)}</p>`,
        renderCopies(files),
        renderKeyHolders(lookup, input.site?.edit),
        renderPreviews(files),
        renderFiles(files, input.site?.edit, input.featuredId),
        renderDetails(input)
    ]);
}

;// CONCATENATED MODULE: ./src/upload/end.ts











/** What became of each file, once a phase decided it; none did when an error stopped the run. */
function filesOf(reached) {
    switch (reached.phase) {
        case 'stopped':
            return reached.files;
        case 'dry run':
            return reached.dryRun.files;
        case 'sent':
            return reached.sent.report.files;
        case 'placed':
            return reached.placed.files;
        case 'set up':
        case 'checked':
            return undefined;
    }
}
/** The featured image's item, when it is the one asked for (the featured-media-id output). */
function featuredIdOf(reached) {
    if (reached.phase === 'placed')
        return reached.placed.placement.featured?.id;
    return reached.phase === 'dry run' ? reached.dryRun.placement?.featuredId : undefined;
}
/** Why the run sent not every file: its report's reason, or why none was sent at all. */
function stopOf(report, files) {
    const why = report
        ? report.stopReason
        : files.find(file => file.status === 'not-attempted')?.message;
    return why ? { stopReason: why } : {};
}
/**
 * Whatever happened: the connection closed, every file accounted for in the outputs, a cancel
 * and a changed address said, and the summary written.
 */
async function endUpload(setup, reached) {
    setup.api.close();
    const decided = filesOf(reached) ??
        setup.local.map(file => notAttempted(file, 'not sent: the run stopped on an error'));
    // A server may echo a secret back in an address: such a one is neither output nor shown.
    const files = decided.map(guardLinks);
    const counts = countByStatus(files);
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.media, mediaOutput(files));
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.uploadedCount, counts.uploaded);
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.existingCount, counts.existing);
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.failedCount, files.length - counts.uploaded - counts.existing - counts['would-upload']);
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.featuredMediaId, featuredIdOf(reached) ?? '');
    const sent = 'sent' in reached ? reached.sent : undefined;
    const report = sent?.report;
    await saveRunReport(setup.config, setup.workspace, {
        ...{ files, matched: setup.matched, startedAt: setup.startedAt },
        ...(sent ? { timings: sent.timings } : {}),
        ...(report?.verdict ? { verdict: report.verdict } : {}),
        ...stopOf(report, files)
    });
    const by = (0,cancellation/* cancelledBy */.tK)(setup.signal);
    if (by)
        log/* log */.R.fail((0,cancellation/* cancelledLine */.IC)(by, cancelledUploadText(files)), 'Cancelled');
    const moved = (0,step_end/* noteAddressChange */.n4)(setup.client.peers());
    await (0,write/* writeSummary */.Sy)(renderUploadSummary(summaryInput(setup, reached, files, moved)));
}
/** What the summary is made of: the setup, and what the phases the run went through handed on. */
function summaryInput(setup, reached, files, moved) {
    const { api, config } = setup;
    const checks = reached.phase === 'set up' ? {} : reached.checks;
    const sent = 'sent' in reached ? reached.sent : undefined;
    const dryRun = reached.phase === 'dry run' ? reached.dryRun : undefined;
    const placed = reached.phase === 'placed' ? reached.placed : undefined;
    // The item set as the featured image, or found to be it: a dry run's would only be set.
    const featuredId = placed?.placement.featured?.id;
    return {
        target: api.target,
        site: {
            name: `${config.baseUrl.host}${config.baseUrl.pathname.replace(/(?<!\/)\/+$/, '')}`,
            library: api.libraryLink(),
            edit: id => api.editLink(id)
        },
        block: {
            waitSeconds: config.blockedWaitMs / 1000,
            skipExisting: config.skipExisting
        },
        ...(moved ? { addressChange: moved } : {}),
        ...(setup.leg ? { leg: setup.leg } : {}),
        ...(dryRun ? { dryRun: dryRun.probe } : {}),
        ...(sent?.blockedWindow ? { blockedWindow: sent.blockedWindow } : {}),
        api: setup.location,
        preflight: checks.preflight,
        rights: checks.rights,
        lookup: checks.lookup,
        ...(checks.sizes ? { sizes: checks.sizes } : {}),
        ...(reached.phase === 'stopped' && reached.sizesStop ? { sizesStop: reached.sizesStop } : {}),
        report: sent?.report,
        ...(checks.target ? { post: checks.target } : {}),
        ...(placed ? { placement: placementLines(placed.placement) } : {}),
        ...(featuredId !== undefined ? { featuredId } : {}),
        ...(dryRun?.placement ? { placement: dryRun.placement.lines } : {}),
        files
    };
}

;// CONCATENATED MODULE: ./src/upload/pace/exclusive.ts
/**
 * Tasks that run side by side, one of which may need to run alone: `alone` holds back every task
 * not yet started, waits for those running to end, runs, and lets the others go on.
 */
class Exclusive {
    running = 0;
    hold;
    idle;
    async shared(task) {
        while (this.hold)
            await this.hold;
        this.running++;
        try {
            return await task();
        }
        finally {
            this.running--;
            if (this.running === 0)
                this.idle?.();
        }
    }
    /** Runs `task` with no other task running; the caller must not be inside `shared`. */
    async alone(task) {
        while (this.hold)
            await this.hold;
        let release = () => { };
        this.hold = new Promise(resolve => (release = resolve));
        try {
            if (this.running > 0)
                await new Promise(resolve => (this.idle = resolve));
            this.idle = undefined;
            return await task();
        }
        finally {
            this.hold = undefined;
            release();
        }
    }
}

;// CONCATENATED MODULE: ./src/upload/pace/refused-types.ts
/**
 * The image types WordPress refused as ones it cannot make image sizes from
 * (`rest_upload_image_type_not_supported`), each with the first file refused. The refusal is about
 * the type, not the file: another file of the type would meet it again, so it is not sent.
 */
class RefusedTypes {
    refused = new Map();
    record(file, verdict) {
        if (!this.refused.has(file.mediaType)) {
            this.refused.set(file.mediaType, { file: file.display, type: file.mediaType, verdict });
        }
    }
    /** The refusal a file of this type would meet again, if any. */
    covering(file) {
        return this.refused.get(file.mediaType);
    }
    /** Why a file is not sent, one phrase. */
    static reason(refused) {
        return `not sent: WordPress refused ${refused.file}, of the same type (${refused.type}), as an image it cannot make sizes from on this server; convert it to JPEG or PNG`;
    }
}

;// CONCATENATED MODULE: ./src/upload/pace/too-large.ts



/**
 * The smallest file each layer refused with 413. Every file takes the same way to the server, so
 * a file at least as large as one refused would meet the same limit: it is not sent.
 */
class BodyLimits {
    refused = new Map();
    record(file, size, verdict) {
        const layer = (0,diagnosis_block/* layerName */.Hn)(verdict);
        const known = this.refused.get(layer);
        if (!known || size < known.size)
            this.refused.set(layer, { file, size, verdict });
    }
    /** The refusal a file of this size would meet again, if any. */
    covering(size) {
        return [...this.refused.values()]
            .filter(refused => size >= refused.size)
            .sort((a, b) => a.size - b.size)[0];
    }
    /** Why a file is not sent, one phrase. */
    static reason(refused) {
        return `not sent: at least as large as ${refused.file} (${(0,html/* formatBytes */.z3)(refused.size)}), which ${whoAnswered(refused.verdict)} refused with HTTP 413`;
    }
}

// EXTERNAL MODULE: ./src/http/retry.ts
var http_retry = __webpack_require__(8902);
;// CONCATENATED MODULE: ./src/upload/wordpress/media-fields.ts


/**
 * The fields stored with a file's upload: its content key as the slug, when it has one, and each
 * template with `{name}`, `{stem}` and `{path}` filled in for the file. WordPress keeps these
 * fields as HTML, unfiltered for a user with `unfiltered_html` (an administrator's application
 * password), so a file name is filled in escaped: `<img onerror=…>.png` stays text. The template's
 * own text is the user's, and stays as written.
 */
function mediaFields(file, templates) {
    const name = external_node_path_default().basename(file.display);
    const values = {
        name,
        stem: external_node_path_default().basename(name, external_node_path_default().extname(name)),
        path: file.display
    };
    const fill = (template) => template.replace(/\{(name|stem|path)\}/g, (_whole, key) => (0,html/* escapeHtml */.ZD)(values[key]));
    return {
        ...(file.key ? { slug: file.key } : {}),
        ...Object.fromEntries(Object.entries(templates).map(([field, template]) => [field, fill(template)]))
    };
}

;// CONCATENATED MODULE: ./src/upload/sizes/plan.ts
/**
 * Which image sub-sizes WordPress (7.1) makes for an uploaded image, their pixel sizes, the part of
 * the upright original each is made from and their file names: a port of its PHP, so that files
 * made here and sent to `/wp/v2/media/{id}/sideload` are the ones WordPress would have made.
 */
/** php_round_helper: half away from zero, in floating point as C's floor(x + 0.5) does it. */
function halfAway(value) {
    return value >= 0 ? Math.floor(value + 0.5) : Math.ceil(value - 0.5);
}
/**
 * PHP's round() to an integer as PHP 8.2 computes it: the value is first rounded to 15 significant
 * digits, so that 28.499999999999996 (0.285 * 100) rounds to 29 as in PHP, where Math.round gives 28.
 */
function phpRound(value) {
    if (!Number.isFinite(value) || value === 0)
        return value;
    const places = 14 - Math.floor(Math.log10(Math.abs(value)));
    const scale = 10 ** places;
    return halfAway(places > 0 && places < 15 ? halfAway(value * scale) / scale : value);
}
/** `(int) round(x)`. */
const roundInt = (value) => Math.trunc(phpRound(value));
/** wp_constrain_dimensions: the size that fits in max width × max height (0: no limit), never upscaled. */
function constrainDimensions(currentWidth, currentHeight, maxWidth = 0, maxHeight = 0) {
    if (!maxWidth && !maxHeight)
        return [currentWidth, currentHeight];
    const didWidth = maxWidth > 0 && currentWidth > 0 && currentWidth > maxWidth;
    const didHeight = maxHeight > 0 && currentHeight > 0 && currentHeight > maxHeight;
    const widthRatio = didWidth ? maxWidth / currentWidth : 1;
    const heightRatio = didHeight ? maxHeight / currentHeight : 1;
    const smaller = Math.min(widthRatio, heightRatio);
    const larger = Math.max(widthRatio, heightRatio);
    // The larger ratio when it overflows neither limit (a snugger fit), else the smaller.
    const overflows = roundInt(currentWidth * larger) > maxWidth || roundInt(currentHeight * larger) > maxHeight;
    const ratio = overflows ? smaller : larger;
    let width = Math.max(1, roundInt(currentWidth * ratio));
    let height = Math.max(1, roundInt(currentHeight * ratio));
    // One pixel short of a limit is rounding: WordPress bumps it up.
    if (didWidth && width === maxWidth - 1)
        width = maxWidth;
    if (didHeight && height === maxHeight - 1)
        height = maxHeight;
    return [width, height];
}
/** image_resize_dimensions' crop branch: the largest part of the original that scales to the size. */
function cropDimensions(origW, origH, destW, destH, crop) {
    const aspect = origW / origH;
    let newW = Math.min(destW, origW);
    let newH = Math.min(destH, origH);
    if (!newW)
        newW = roundInt(newH * aspect);
    if (!newH)
        newH = roundInt(newW / aspect);
    const sizeRatio = Math.max(newW / origW, newH / origH);
    const cropW = phpRound(newW / sizeRatio);
    const cropH = phpRound(newH / sizeRatio);
    const [x, y] = crop === true ? ['center', 'center'] : crop;
    const left = x === 'left' ? 0 : x === 'right' ? origW - cropW : Math.floor((origW - cropW) / 2);
    const top = y === 'top' ? 0 : y === 'bottom' ? origH - cropH : Math.floor((origH - cropH) / 2);
    return {
        width: Math.trunc(newW),
        height: Math.trunc(newH),
        source: { left: Math.trunc(left), top: Math.trunc(top), width: cropW, height: cropH }
    };
}
/**
 * image_resize_dimensions: the size made from an original for a registered size, or false when
 * WordPress makes none: a size larger than the original (no upscaling), or one within a pixel of
 * the original in both dimensions.
 */
function resizeDimensions(origW, origH, destW, destH, crop = false) {
    if (origW <= 0 || origH <= 0 || (destW <= 0 && destH <= 0))
        return false;
    if (!destH ? origW < destW : !destW ? origH < destH : origW < destW && origH < destH) {
        return false;
    }
    let resize;
    if (crop) {
        resize = cropDimensions(origW, origH, destW, destH, crop);
    }
    else {
        const [width, height] = constrainDimensions(origW, origH, destW, destH);
        resize = { width, height, source: { left: 0, top: 0, width: origW, height: origH } };
    }
    // wp_fuzzy_number_match: the original's size, give or take a pixel, is not made again.
    const same = Math.abs(resize.width - origW) <= 1 && Math.abs(resize.height - origH) <= 1;
    return same ? false : resize;
}
/** wp_get_mime_types' first extension of each image type, as wp_get_default_extension_for_mime_type answers. */
const EXTENSIONS = {
    'image/jpeg': 'jpg',
    'image/gif': 'gif',
    'image/png': 'png',
    'image/bmp': 'bmp',
    'image/tiff': 'tiff',
    'image/webp': 'webp',
    'image/avif': 'avif',
    'image/x-icon': 'ico',
    'image/heic': 'heic',
    'image/heif': 'heif',
    'image/heic-sequence': 'heics',
    'image/heif-sequence': 'heifs'
};
/**
 * WP_Image_Editor::generate_filename after get_output_format: the stored name's stem, a suffix,
 * and the stored extension lower-cased, or the output type's own extension when it converts
 * (an unknown type keeps the stored one, as get_extension's false does).
 */
function fileNamer(input) {
    const dot = input.storedName.lastIndexOf('.');
    const stem = dot < 0 ? input.storedName : input.storedName.slice(0, dot);
    const own = dot < 0 ? '' : input.storedName.slice(dot + 1).toLowerCase();
    const ext = input.outputType === input.sourceType ? own : (EXTENSIONS[input.outputType] ?? own);
    return suffix => `${stem}${suffix}.${ext}`;
}
/**
 * maybe_exif_rotate: only a JPEG's EXIF is read (exif_read_data), and only 2–8 turn or flip it;
 * 5–8 turn it a quarter, swapping width and height.
 */
function appliedOrientation(input) {
    const { orientation } = input;
    const turns = Number.isInteger(orientation) && orientation >= 2 && orientation <= 8;
    return input.sourceType === 'image/jpeg' && turns ? orientation : 1;
}
/**
 * wp_create_image_subsizes: above the threshold, the stored file resized into threshold ×
 * threshold and then turned upright (`-scaled`); otherwise, a change of type writes it again with
 * no suffix, and a turn alone as `-rotated`.
 */
function planMain(input, orientation, whole, name) {
    const { width, height, threshold } = input;
    if (threshold && (width > threshold || height > threshold)) {
        // A resize image_resize_dimensions refuses (within a pixel of the original) errs, but the
        // maybe_exif_rotate that follows overwrites that error: the copy keeps the original's size.
        const resized = resizeDimensions(width, height, threshold, threshold) || { width, height };
        const turned = orientation >= 5;
        return {
            kind: 'scaled',
            names: ['scaled'],
            width: turned ? resized.height : resized.width,
            height: turned ? resized.width : resized.height,
            source: whole,
            fileName: name('-scaled')
        };
    }
    const suffix = input.outputType !== input.sourceType ? '' : orientation !== 1 ? '-rotated' : null;
    if (suffix === null)
        return undefined;
    return {
        kind: 'original',
        names: ['original'],
        width: whole.width,
        height: whole.height,
        source: whole,
        fileName: name(suffix)
    };
}
/** _wp_make_subsizes makes these first, then the rest in the order they are registered. */
const PRIORITY = ['medium', 'large', 'thumbnail', 'medium_large'];
/**
 * _wp_make_subsizes: each missing size is made from the upright original (not the `-scaled`
 * copy), in priority order. Sizes of equal dimensions share a file name, so WordPress writes one
 * file for them, the last size's making it; a size with a zero side is left out, as the sideload
 * refuses it.
 */
function planSubSizes(input, upright, name) {
    const sizes = Object.entries(input.registered);
    const order = [
        ...PRIORITY.flatMap(first => sizes.filter(([size]) => size === first)),
        ...sizes.filter(([size]) => !PRIORITY.includes(size))
    ];
    const files = new Map();
    for (const [size, { width, height, crop }] of order) {
        if (!input.missing.includes(size))
            continue;
        const resize = resizeDimensions(upright.width, upright.height, width, height, crop);
        if (!resize || resize.width <= 0 || resize.height <= 0)
            continue;
        const fileName = name(`-${resize.width}x${resize.height}`);
        const made = files.get(fileName);
        if (made) {
            made.names.push(size);
            made.source = resize.source;
        }
        else {
            files.set(fileName, { names: [size], ...resize, fileName });
        }
    }
    return [...files.values()];
}
/** The files WordPress would make for an uploaded image, from what its REST API tells about it. */
function planSizes(input) {
    const orientation = appliedOrientation(input);
    const turned = orientation >= 5;
    const upright = {
        width: turned ? input.height : input.width,
        height: turned ? input.width : input.height
    };
    const whole = { left: 0, top: 0, ...upright };
    const name = fileNamer(input);
    const main = planMain(input, orientation, whole, name);
    const subSizes = planSubSizes(input, whole, name);
    return { upright, orientation, ...(main && { main }), subSizes };
}

;// CONCATENATED MODULE: ./src/upload/sizes/stored-image.ts


function strings(value) {
    return Array.isArray(value) && value.every(item => typeof item === 'string')
        ? value
        : undefined;
}
/** An encoder's quality, 1 to 100; anything else is not taken. */
function percent(value) {
    const quality = (0,json_fields/* count */.U9)(value);
    return quality !== undefined && quality >= 1 && quality <= 100 ? quality : undefined;
}
/** `image_quality.sizes` is `[]` when no size differs (PHP's empty array), else an object. */
function qualities(value) {
    const sizes = (0,json_fields/* record */.g1)(value) ?? {};
    return Object.fromEntries(Object.entries(sizes).filter((entry) => percent(entry[1]) !== undefined));
}
/**
 * The quality WordPress writes a type at when nothing filters it (wp_get_image_encode_quality:
 * WebP 86, every other type 82).
 */
function defaultQuality(mediaType) {
    return mediaType === 'image/webp' ? 86 : 82;
}
/** The stored image as the answer describes it; undefined when it does not, whole. */
function readStoredImage(json) {
    const item = (0,json_fields/* record */.g1)(json);
    const details = (0,json_fields/* record */.g1)(item?.media_details);
    const width = (0,json_fields/* count */.U9)(details?.width);
    const height = (0,json_fields/* count */.U9)(details?.height);
    const file = (0,json_fields/* text */.Qq)(details?.file);
    const mediaType = (0,json_fields/* text */.Qq)(item?.mime_type);
    const missing = strings(item?.missing_image_sizes);
    if (!width || !height || !file || !mediaType || !missing)
        return undefined;
    const quality = (0,json_fields/* record */.g1)(item?.image_quality);
    const output = (0,json_fields/* text */.Qq)(item?.image_output_format) ?? mediaType;
    return {
        width,
        height,
        storedName: external_node_path_default().posix.basename(file),
        mediaType,
        missing,
        orientation: (0,json_fields/* count */.U9)(item?.exif_orientation) ?? 1,
        encoding: {
            mediaType: output,
            quality: {
                default: percent(quality?.default) ?? defaultQuality(output),
                sizes: qualities(quality?.sizes)
            }
        }
    };
}

;// CONCATENATED MODULE: ./src/upload/sizes/head-start.ts






/** A folder of its own under the runner's temporary folder, for one file's sizes. */
function sizesFolder() {
    return (0,promises_.mkdtemp)(external_node_path_default().join(process.env.RUNNER_TEMP || (0,external_node_os_.tmpdir)(), 'sizes-'));
}
/** The planned files in the order they are sent: the sub-sizes, then the main file. */
function head_start_filesOf(plan) {
    return plan.main ? [...plan.subSizes, plan.main] : plan.subSizes;
}
/**
 * Makes the sizes of `file` as WordPress will most likely ask for them, while its upload is on
 * the way: every registered size, in the file's own type at WordPress's default quality, turned
 * by its EXIF orientation. What the answer then asks for otherwise is made again; this is only
 * a head start, so any failure leaves none.
 */
async function startSizes(file, site) {
    let folder;
    try {
        const facts = await imageFacts(file.path);
        if (!facts)
            return undefined;
        const plan = planSizes({
            ...facts,
            threshold: site.threshold,
            registered: site.registered,
            missing: Object.keys(site.registered),
            storedName: external_node_path_default().basename(file.path),
            outputType: file.mediaType,
            sourceType: file.mediaType
        });
        const encoding = {
            mediaType: file.mediaType,
            quality: { default: defaultQuality(file.mediaType), sizes: {} },
            stripMeta: site.stripMeta
        };
        folder = await sizesFolder();
        const made = await makeSizes(file.path, head_start_filesOf(plan), encoding, folder, plan.orientation);
        const stored = { width: facts.width, height: facts.height };
        return { made, folder, orientation: plan.orientation, stored };
    }
    catch {
        if (folder)
            await (0,promises_.rm)(folder, { recursive: true, force: true });
        return undefined;
    }
}
/** The same pixels, written the same way: a made file serves a planned one under its names. */
function serves(made, planned, encoding) {
    const [a, b] = [made.source, planned.source];
    return (made.width === planned.width &&
        made.height === planned.height &&
        a.left === b.left &&
        a.top === b.top &&
        a.width === b.width &&
        a.height === b.height &&
        made.mediaType === encoding.mediaType &&
        made.quality === qualityOf(planned.names, encoding));
}
/**
 * The planned files the head start already made (under the names and file names WordPress's
 * answer gives them), and those still to make.
 */
function fromHeadStart(head, plan, encoding) {
    const ready = [];
    const toMake = [];
    const turned = head?.orientation === plan.orientation;
    for (const one of head_start_filesOf(plan)) {
        const made = turned ? head?.made.find(file => serves(file, one, encoding)) : undefined;
        if (made)
            ready.push({ ...made, names: one.names, fileName: one.fileName });
        else
            toMake.push(one);
    }
    return { ready, toMake };
}

;// CONCATENATED MODULE: ./src/upload/sizes/sideload.ts





/**
 * Sent again as an upload is (a host turning it away, a CDN's passing throttle), and also after
 * no answer or a failing server: a size sent twice is at worst stored twice, and finalize records
 * only the one whose answer came.
 */
function worthAgain(result, verdict) {
    if ('failure' in result)
        return !result.failure.permanent && !result.failure.cancelled;
    const { status } = result.response;
    return status >= 500 || worthRetrying(status, verdict);
}
const UNWATCHED = { stopped: () => undefined, met: () => { } };
/**
 * One request of the file's, sent until answered with a 2xx, refused, or out of attempts; not
 * sent (again) while `watch` says another request of the file is finding out about a CDN's block.
 */
async function untilAnswered(what, file, request, deps, watch = UNWATCHED) {
    const context = deps.api.context('POST');
    // Let through by the gate after another request met a block: not sent into it.
    const held = {
        failure: {
            message: '',
            timedOut: false,
            mayHaveReachedServer: false,
            permanent: true,
            elapsedMs: 0
        }
    };
    const guarded = () => (watch.stopped() ? Promise.resolve(held) : request());
    const hear = (result) => {
        if (result === held)
            return;
        const verdict = (0,diagnosis/* diagnose */.h4)(result, context);
        if (verdict.blocked)
            watch.met(verdict);
    };
    for (let attempt = 1;; attempt++) {
        const block = watch.stopped();
        if (block)
            return { said: 'not sent into the block another size met', blocked: block };
        const result = await deps.send(file, guarded, hear);
        if (!result)
            return { said: 'not sent: the run stopped' };
        if (result === held) {
            return { said: 'not sent into the block another size met', blocked: watch.stopped() };
        }
        const verdict = (0,diagnosis/* diagnose */.h4)(result, context);
        const ok = 'response' in result && result.response.status < 300;
        const said = `${(0,send/* describeResult */.dy)(result)}${!ok && verdict.code ? ` (${verdict.code})` : ''}`;
        const who = ok ? '' : ` (${verdict.headline})`;
        deps.log(`${file.display}: ${what} ${attempt}/${deps.maxAttempts} → ${said}${who}`);
        const json = (0,json_fields/* record */.g1)(verdict.json);
        if (ok && json)
            return { json, said };
        const end = { said, ...(verdict.blocked ? { blocked: verdict } : {}) };
        if (ok || !worthAgain(result, verdict) || deps.signal?.aborted)
            return end;
        const retryAfter = 'response' in result ? result.response.headers['retry-after'] : undefined;
        const step = (0,http_retry/* nextStep */.sk)(attempt, deps.maxAttempts, 
        // A CDN's throttle is waited out as an upload waits it out.
        verdict.blocked ? http_retry/* CDN_THROTTLE_BACKOFF */._D : http_retry/* TRIGGER_BACKOFF */.Er, typeof retryAfter === 'string' ? retryAfter : undefined, deps);
        if (!step.retry)
            return end;
        await (0,http_retry/* waitToRetry */.B2)(step, attempt, deps.maxAttempts, deps, file.display);
    }
}
/** A made file, as the run's gate and the log see it. */
function asLocal(file, made) {
    return {
        ...file,
        path: made.path,
        size: made.bytes,
        mediaType: made.mediaType,
        display: `${file.display} (${made.names.join(', ')})`
    };
}
/**
 * Sideloads the made files, all at once as far as the run's gate lets them. The answers are kept
 * as WordPress gave them: finalize accepts only the file names it handed out. The first to meet a
 * CDN's block finds out, with its attempts, whether it stands, while the others send nothing
 * more: standing, the block ends them all; lifted, those it held back are sent again.
 */
async function sideloadAll(file, id, made, deps) {
    let scout;
    const sideload = (size, watched) => deps.signal?.aborted
        ? Promise.resolve({ said: 'not sent: the step was cancelled' })
        : untilAnswered('sideload', asLocal(file, size), () => deps.api.sideload(id, { path: size.path, size: size.bytes }, size.fileName, size.mediaType, size.names), deps, watched
            ? {
                stopped: () => (scout && scout.size !== size ? scout.verdict : undefined),
                met: verdict => (scout ??= { size, verdict })
            }
            : UNWATCHED);
    const sent = await Promise.all(made.map(size => sideload(size, true)));
    const standing = scout && sent[made.indexOf(scout.size)].blocked;
    if (standing)
        return { answers: [], failed: made, blocked: standing };
    // The block lifted: what it held back goes now, one after another.
    for (const [index, answer] of sent.entries()) {
        if (answer.blocked)
            sent[index] = await sideload(made[index], false);
    }
    const blocked = sent.find(answer => answer.blocked)?.blocked;
    return {
        answers: sent.flatMap(answer => (answer.json ? [answer.json] : [])),
        failed: made.filter((_, index) => !sent[index].json),
        ...(blocked ? { blocked } : {})
    };
}

;// CONCATENATED MODULE: ./src/upload/sizes/on-runner.ts









/**
 * Whether an image in the library lacks sizes WordPress would have made of it: its listed sizes
 * against the plan of its pixels (a guess, EXIF unknown; the item's editor view then says which).
 */
function lacksSizes(image, mediaType, site) {
    const plan = planSizes({
        width: image.width,
        height: image.height,
        orientation: 1,
        threshold: site.threshold,
        registered: site.registered,
        missing: Object.keys(site.registered),
        storedName: 'item',
        outputType: mediaType,
        sourceType: mediaType
    });
    return plan.subSizes.some(size => size.names.some(name => !image.sizes.includes(name)));
}
/** Nothing made on the runner: why, and the main file that is missing with the sizes. */
function none(left, plan, blocked) {
    return {
        complete: false,
        made: [],
        left,
        ...(plan?.main ? { mainMissing: plan.main.kind } : {}),
        ...(blocked ? { blocked } : {}),
        links: {}
    };
}
/**
 * The plan of what WordPress describes, and why nothing is made of it when it is not the file's
 * own pixels (WordPress read the dimensions from these very bytes: an answer that says otherwise
 * is not planned from, whatever it is); the plan still tells which main file is then missing.
 */
async function planFor(file, stored, site, head) {
    const plan = planSizes({
        width: stored.width,
        height: stored.height,
        orientation: stored.orientation,
        threshold: site.threshold,
        registered: site.registered,
        missing: stored.missing,
        storedName: stored.storedName,
        outputType: stored.encoding.mediaType,
        sourceType: stored.mediaType
    });
    const own = head?.stored ?? (await imageFacts(file.path).catch(() => undefined));
    if (own?.width === stored.width && own.height === stored.height)
        return { plan };
    const seen = own ? `${own.width}×${own.height}` : 'an image it cannot read';
    const refused = `WordPress describes it as ${stored.width}×${stored.height}, the runner sees ${seen}, so no size was made on the runner`;
    // Of pixels the runner cannot read, WordPress's word is all there is; of others, it is wrong.
    return own ? { refused } : { plan, refused };
}
/**
 * Makes the sizes WordPress lacks for the image it stored as `id` (uploaded with
 * `generate_sub_sizes=false`), taking what `head` made while the upload was on its way, sideloads
 * them and records them with one finalize. What could not be made or sent is said in `left`, for
 * WordPress to make (post-process) or the user to know.
 */
async function sizesOnRunner(file, id, answer, site, deps, head) {
    const stored = readStoredImage(answer);
    if (!stored) {
        return none("the upload's answer did not describe the stored image, so no size was made on the runner");
    }
    const planned = await planFor(file, stored, site, head);
    if ('refused' in planned)
        return none(planned.refused, planned.plan);
    const { plan } = planned;
    if (!plan.main && plan.subSizes.length === 0)
        return { complete: true, made: [], links: {} };
    const encoding = { ...stored.encoding, stripMeta: site.stripMeta };
    const { ready, toMake } = fromHeadStart(head, plan, encoding);
    const folder = toMake.length ? await sizesFolder() : undefined;
    try {
        let made = ready;
        if (folder) {
            try {
                made = [
                    ...ready,
                    ...(await makeSizes(file.path, toMake, encoding, folder, plan.orientation))
                ];
            }
            catch (error) {
                const why = error instanceof Error ? error.message : String(error);
                deps.log(`${file.display}: its sizes could not be made on the runner: ${why}.`);
                return none(`its sizes could not be made on the runner (${why})`, plan);
            }
        }
        return await on_runner_send(file, id, plan, made, deps);
    }
    finally {
        if (folder)
            await (0,promises_.rm)(folder, { recursive: true, force: true });
    }
}
/** A CDN refused a size before it reached WordPress: none is recorded, and WordPress is not asked. */
function blockedSizes(verdict, plan) {
    return none(`its sizes were ${refusalMessage(verdict.status ?? 0, verdict)}`, plan, verdict);
}
const names = (sizes) => sizes.flatMap(size => size.names);
/**
 * Sideloads the sub-sizes (at once, as the gate lets them), then the main file: a `-scaled` or
 * upright main file changes the item's attached file, after which WordPress would name later
 * sizes `{stem}-WxH-1`. Then one finalize records every size stored.
 */
async function on_runner_send(file, id, plan, made, deps) {
    const isMain = (size) => !!plan.main && size.names[0] === plan.main.names[0];
    deps.log(`${file.display}: ${(0,words/* counted */.h)(made.length, 'file')} made on the runner (${made.map(size => `${size.names.join('+')} ${size.width}×${size.height}`).join(', ')}).`);
    const subs = await sideloadAll(file, id, made.filter(size => !isMain(size)), deps);
    if (subs.blocked)
        return blockedSizes(subs.blocked, plan);
    const main = made.find(isMain);
    const last = main && !deps.signal?.aborted ? await sideloadAll(file, id, [main], deps) : undefined;
    if (last?.blocked)
        return blockedSizes(last.blocked, plan);
    const answers = [...subs.answers, ...(last?.answers ?? [])];
    const failed = [...subs.failed, ...(last ? last.failed : main ? [main] : [])];
    if (answers.length === 0)
        return none(`no size was stored (${names(failed).join(', ')})`, plan);
    const finalized = await untilAnswered('finalize', file, () => deps.api.finalize(id, answers), deps);
    if (finalized.blocked)
        return blockedSizes(finalized.blocked, plan);
    if (!finalized.json) {
        return none(`the sizes were stored but not recorded (finalize: ${finalized.said})`, plan);
    }
    return {
        complete: failed.length === 0,
        made: names(made.filter(size => !failed.includes(size))),
        ...(failed.length ? { left: `not stored: ${names(failed).join(', ')}` } : {}),
        ...(main && failed.includes(main) ? { mainMissing: plan.main.kind } : {}),
        links: readMediaLinks(finalized.json)
    };
}

;// CONCATENATED MODULE: ./src/upload/send/post-process.ts




/**
 * How often WordPress is asked to finish an item's sizes: as often as its own block editor asks
 * (`maxRetries = 5` in mediaUploadMiddleware, wp-includes/js/dist/api-fetch.js).
 */
const POST_PROCESS_TRIES = 5;
const MIB = 1024 * 1024;
/**
 * A 200 with the item, and no size left to make. WordPress lists what is left in
 * `missing_image_sizes` (prepare_item_for_response, from wp_get_missing_image_subsizes); the
 * post-process answer is in the edit context, which carries it. An answer without the field
 * (an older WordPress) is taken as done, since post_process_item answers only once it finished.
 */
function finished(result, json) {
    if (!('response' in result) || result.response.status !== 200 || !json)
        return false;
    const missing = json.missing_image_sizes;
    return !Array.isArray(missing) || missing.length === 0;
}
/** A refusal that the next call would meet again: bad request, no right to edit, no such item. */
function post_process_final(result) {
    return 'response' in result && result.response.status >= 400 && result.response.status < 500;
}
/**
 * Finishes an item WordPress stored although its answer failed (stored, then out of memory while
 * making the image sizes): reads its address with one GET, then asks WordPress to make the sizes
 * still missing, up to `POST_PROCESS_TRIES` times, as the block editor does. Unlike the editor,
 * an item whose sizes stay missing is kept: its original file is in place and usable.
 */
async function finishStoredItem(file, id, deps) {
    const { api } = deps;
    const item = await api.getItem(id);
    let links = {};
    if ('response' in item && item.response.status === 200) {
        links = readMediaLinks((0,diagnosis/* diagnose */.h4)(item, api.context('GET')).json);
    }
    let last = '';
    let refused = false;
    for (let attempt = 1; attempt <= POST_PROCESS_TRIES && !deps.signal?.aborted; attempt++) {
        const result = await api.postProcess(id);
        const verdict = (0,diagnosis/* diagnose */.h4)(result, api.context('POST'));
        const json = (0,json_fields/* record */.g1)(verdict.json);
        if (finished(result, json)) {
            deps.log(`${file.display}: post-process ${attempt}/${POST_PROCESS_TRIES} → ${(0,send/* describeResult */.dy)(result)}: WordPress made the missing image sizes.`);
            // The finished item may name another file: a large image's `-scaled` copy.
            const done = readMediaLinks(json);
            return { ...links, ...done, sizes: 'complete' };
        }
        const said = verdict.code ? ` (${verdict.code})` : '';
        last = `${(0,send/* describeResult */.dy)(result)}${said}`;
        deps.log(`${file.display}: post-process ${attempt}/${POST_PROCESS_TRIES} → ${last}: the image sizes are not complete yet.`);
        refused = post_process_final(result);
        if (refused)
            break;
    }
    const memory = Math.ceil((2 * file.size) / MIB);
    if (refused) {
        return {
            ...links,
            sizes: 'missing',
            warning: `stored as item ${id} and usable (its original file is in place), but WordPress refused to make its smaller image sizes (post-process: ${last}): have the site regenerate them (a thumbnail-regeneration plugin)`
        };
    }
    return {
        ...links,
        sizes: 'missing',
        warning: `stored as item ${id} and usable (its original file is in place), but WordPress could not make its smaller image sizes (post-process: ${last || 'not sent, the step was cancelled'}). Most often PHP ran out of memory: an upload sent as this action sends it needs about twice the file's size of PHP memory (here about ${memory} MiB), so raise PHP's memory_limit, or scale the image down before uploading. Then delete the item and re-run, or have its sizes regenerated on the site (a thumbnail-regeneration plugin)`
    };
}

;// CONCATENATED MODULE: ./src/upload/send/runner-sizes.ts






const MAIN_MISSING = {
    scaled: 'its -scaled copy was not made, so the full-size original is the file WordPress serves as its largest size',
    original: 'it was not turned upright, so its main file is the original with its EXIF orientation (most browsers show it upright)'
};
/** The sideloads' world: the run's gate, its attempts and its log. */
function sideloadDeps(run) {
    return {
        ...run.deps,
        maxAttempts: run.maxAttempts,
        send: async (one, request, heard) => {
            const sent = await run.gate.send(one, request, result => {
                heard(result);
                return false;
            });
            return sent?.result;
        }
    };
}
/**
 * An item already in the library that lacks sizes (a run before had them refused by a CDN, or PHP
 * ran out of memory making them): they are made on the runner now, if the item's editor view
 * says which are missing. A re-run thus ends with every item whole, sending no file again.
 */
async function sizesOfExisting(file, item, run, outcome) {
    const site = run.plan.sizes;
    const { deps } = run;
    if (!site || !item.image || !RUNNER_TYPES.includes(file.mediaType))
        return outcome;
    if (!lacksSizes(item.image, file.mediaType, site))
        return outcome;
    const result = await deps.api.editItem(item.id);
    const json = (0,diagnosis/* diagnose */.h4)(result, deps.api.context('GET')).json;
    const missing = 'response' in result && result.response.status === 200
        ? readStoredImage(json)?.missing
        : undefined;
    if (!missing?.length)
        return outcome;
    deps.log(`${file.display}: item ${item.id} lacks sizes (${missing.join(', ')}); making them on the runner.`);
    const done = await sizesOnRunner(file, item.id, json, site, sideloadDeps(run));
    const made = done.complete
        ? `its missing sizes (${missing.join(', ')}) were made on the runner`
        : `its missing sizes could not all be made on the runner: ${done.left ?? ''}`;
    if (!done.complete)
        deps.warn(`${file.display}: item ${item.id} is in the library, but ${made}.`, 'An item without its image sizes');
    return {
        ...outcome,
        sizes: done.complete ? 'complete' : 'missing',
        sizesBy: 'runner',
        ...withPreview(done.links),
        ...(done.blocked ? { verdict: done.blocked } : {}),
        message: `${outcome.message ? `${outcome.message}; ` : 'already in the library; '}${made}`
    };
}
/**
 * Makes the item's sizes on the runner and sideloads them. What the runner could not finish,
 * WordPress is asked to make (post-process), as after any upload that stored a file without its
 * sizes; what neither made is a warning, never silence.
 */
async function finishOnRunner(upload, id, answer) {
    const { file, run } = upload;
    const { deps } = run;
    const done = await sizesOnRunner(file, id, answer, run.plan.sizes, sideloadDeps(run), await upload.headStart);
    if (done.complete) {
        // An image smaller than every size has none to make, here or by WordPress.
        const by = done.made.length ? { sizesBy: 'runner' } : {};
        return { sizes: 'complete', ...by, ...withPreview(done.links) };
    }
    if (done.blocked) {
        const message = done.left;
        deps.warn(`${file.display}: stored as item ${id}, but ${message}, so it has none of its smaller sizes. WordPress was not asked to make them: the CDN would refuse that too. Re-run once the block lifts: the item is found in the library and its sizes are made then.`, 'Uploaded without its image sizes');
        return { sizes: 'missing', sizesBy: 'runner', verdict: done.blocked, message };
    }
    deps.log(`${file.display}: ${done.left}; asking WordPress to make the sizes still missing.`);
    const server = await finishStoredItem(file, id, deps);
    const main = done.mainMissing ? MAIN_MISSING[done.mainMissing] : undefined;
    if (server.warning) {
        const also = main ? `; and ${main}` : '';
        deps.warn(`${file.display}: ${server.warning}${also}.`, 'Uploaded without its image sizes');
    }
    else if (main) {
        deps.warn(`${file.display}: stored as item ${id} with its sizes, but ${main}.`, 'Uploaded without its main image');
    }
    const made = done.made.length ? 'runner and wordpress' : 'wordpress';
    return {
        sizes: server.sizes,
        sizesBy: made,
        ...withPreview({ ...done.links, ...server }),
        message: [
            `${done.left}; ${server.sizes !== 'complete' ? 'WordPress could not make them either' : done.made.length ? 'WordPress made the rest' : 'WordPress made them'}`,
            main
        ]
            .filter(Boolean)
            .join('; ')
    };
}

;// CONCATENATED MODULE: ./src/upload/send/copies.ts
/**
 * Decides which item of a file is kept after an upload that may have made a second copy: a re-send
 * after a lost answer, or one WordPress stored under a suffixed slug (the key was taken, by
 * another run's copy perhaps). Only the item the upload's own answer named may be removed, and only when it is the newer of it and the one
 * holding the content key: an item whose id this run never got (one stored after the re-send, or
 * left by an earlier run) is named, never deleted.
 */
function decideCopies(found, key, resent) {
    const ours = found.find(item => item.id === resent);
    if (!ours)
        return { kind: 'unseen' };
    const holder = found
        .filter(item => item.slug === key && item.id !== resent)
        .sort((a, b) => a.id - b.id)[0];
    if (holder && holder.id < resent) {
        const others = found.filter(item => item.id !== resent && item.id !== holder.id);
        return { kind: 'remove', keep: holder, others };
    }
    const others = found.filter(item => item.id !== resent);
    if (!holder && ours.slug !== key)
        return { kind: 'beside', slug: ours.slug, others };
    return others.length ? { kind: 'others', others } : { kind: 'one' };
}

;// CONCATENATED MODULE: ./src/upload/send/settle-copies.ts








/** Why WordPress did not delete the item, or undefined when it did (`"deleted": true`). */
function deleteProblem(result, api) {
    if ('failure' in result)
        return `no answer (${result.failure.message})`;
    const { status } = result.response;
    const verdict = (0,diagnosis/* diagnose */.h4)(result, api.context('DELETE'));
    if (status === 200 && verdict.json?.deleted === true)
        return undefined;
    if (status < 300)
        return `HTTP ${status}, without "deleted": true`;
    const said = refusalMessage(status, verdict);
    return said === `HTTP ${status}` ? said : `HTTP ${status}: ${said}`;
}
/**
 * After an upload that may have made a second copy: a re-send that followed a lost answer (the
 * lost POST may have stored the file late), or an item WordPress stored under a suffixed slug (the
 * key was taken: by another run's copy, an item that is not the file, or a post). The file's slugs
 * are looked up once more. When an older item proven to be the file holds the content key, this
 * run's item is a second copy: it is deleted, and the file is reported once, as the older item.
 * Whatever cannot be settled is a warning naming the items, never "fine".
 */
async function settleCopies(file, sent, deps, cause) {
    const { api } = deps;
    const { id } = sent;
    const key = file.key ?? '';
    if (id === undefined)
        return mayBeTwice(file, sent, "the re-send's answer named no media id", deps);
    const lookup = await findHolders(api, [key]);
    if (lookup.kind !== 'found') {
        const why = `the look-up after the ${UPLOAD[cause]} failed (${lookup.message})`;
        return mayBeTwice(file, sent, why, deps);
    }
    const proof = { ...(deps.me === undefined ? {} : { me: deps.me }), fileDigest: api.fileDigest };
    const sorted = await sortHolders(file, lookup.holders.get(key) ?? [], proof, [id]);
    const copies = decideCopies(sorted.proven, key, id);
    switch (copies.kind) {
        case 'one':
            deps.log(`${file.display}: looked up once more after the ${UPLOAD[cause]}: only item ${id}, this run's, holds it.`);
            return sent;
        case 'unseen': {
            const why = `the look-up after the ${UPLOAD[cause]} did not show even item ${id} (its answers may come from a cache)`;
            return mayBeTwice(file, sent, why, deps);
        }
        case 'others':
            return alsoStored(file, { ...sent, id }, copies.others, deps, cause);
        case 'remove':
            return removeNewer(file, { ...sent, id }, copies, deps, cause);
        case 'beside':
            if (copies.others.length)
                return alsoStored(file, { ...sent, id }, copies.others, deps, cause);
            return besideTheKey(file, { ...sent, id }, copies.slug, sorted.foreign, { deps, cause });
    }
}
/** What the upload checked for a second copy was, in the messages. */
const UPLOAD = { resent: 're-send', suffixed: 'upload' };
/**
 * This run's item is under `slug`, a suffixed form of the key, and no item proven to be the file
 * holds the key: what does is named. One seen in the listing is not the file; one not seen is a
 * post of another type, or, after a lost answer, perhaps the lost POST's item not listed yet.
 */
function besideTheKey(file, sent, slug, foreign, { deps, cause }) {
    const key = file.key ?? '';
    const atKey = foreign.filter(holder => holder.slug === key);
    const stored = `WordPress stored it as item ${sent.id} under ${slug}`;
    if (atKey.length) {
        const outcome = `${stored}, which later runs find.`;
        // Said once a run: the warning before sending named what holds the key.
        if (deps.named)
            deps.log(`${file.display}: ${outcome}`);
        else
            deps.warn(keyTakenWarning(file, atKey, deps.api, outcome), KEY_TAKEN);
        return sent;
    }
    if (cause === 'resent') {
        const why = `${stored}, so something holds ${key} that the look-up does not show: the POST whose answer was lost (not listed yet), or a post of another type`;
        return mayBeTwice(file, sent, why, deps);
    }
    deps.warn(`${file.display}: its content key ${key} is held by something the media library does not list (a post, page or draft of another type, whose slug WordPress lets no attachment share): ${stored}, where later runs find it.`, KEY_TAKEN);
    return sent;
}
const ids = (items) => items.map(item => item.id).join(', ');
function note(api, state, items) {
    return { state, items: items.map(id => ({ id, edit: api.editLink(id) })) };
}
/** Whether the lost POST stored the file too cannot be told: say so, and what to check. */
function mayBeTwice(file, sent, why, deps) {
    const { api } = deps;
    const key = file.key ?? '';
    const stored = sent.id === undefined ? '' : ` and stored as item ${sent.id}`;
    const message = `may be in the library twice: sent again after its answer was lost${stored}, but ${why}; the POST whose answer was lost may have stored it too`;
    const ours = sent.id === undefined
        ? ''
        : ` This run's re-send made item ${sent.id} (${api.editLink(sent.id)}).`;
    deps.warn(`${file.display} ${message}. Check the media library for items with the slug ${key} or ${key}-2 (GET ${api.target}?slug=${key},${key}-2 lists them) and delete the newer one if there are two.${ours}`, 'May be stored twice');
    const items = sent.id === undefined ? [] : [sent.id];
    return { ...sent, message, copies: note(api, 'unknown', items) };
}
/** Items this run got no id for are under the file's slugs too: named, never deleted. */
function alsoStored(file, sent, others, deps, cause) {
    const how = cause === 'resent' ? 'when sent again after its answer was lost' : 'now';
    const message = `in the library more than once: stored as item ${sent.id} ${how}, and also as ${(0,words/* agrees */.i)(others.length, 'item', 'items')} ${ids(others)}, whose id no answer of this run named`;
    const links = others.map(item => `item ${item.id} (${deps.api.editLink(item.id)})`);
    const likely = cause === 'resent'
        ? 'stored after the re-send, most likely by the POST whose answer was lost, or left by an earlier run'
        : 'stored by another run, or left by an earlier one';
    deps.warn(`${file.display} is ${message} (${likely}). Item ${sent.id} (${deps.api.editLink(sent.id)}) is reported; delete those of ${links.join(', ')} that are copies of it.`, 'Stored twice');
    return { ...sent, message, copies: note(deps.api, 'left', [sent.id, ...others.map(o => o.id)]) };
}
/**
 * The lost POST stored the file as `keep`: the re-sent item is the newer copy, and this run's own,
 * so it is deleted. The file is reported as `keep`, whose image sizes WordPress is asked to finish
 * as for any item found after a lost answer. A refused deletion leaves both, named in a warning.
 */
async function removeNewer(file, sent, { keep, others }, deps, cause) {
    const { api } = deps;
    const problem = deleteProblem(await api.deleteItem(sent.id), api);
    const request = `DELETE ${api.target}/${sent.id}?force=true`;
    const first = cause === 'resent'
        ? `the POST whose answer was lost had stored it as item ${keep.id}, so item ${sent.id} from the re-send was a second copy`
        : `item ${keep.id} already held its content key (stored meanwhile, by another run most likely), so item ${sent.id}, stored now under a suffixed slug, was a second copy`;
    deps.log(`${file.display}: looked up once more after the ${UPLOAD[cause]}: ${first}; ${request} → ${problem ?? 'removed'}. Item ${keep.id} is kept.`);
    const left = [...(problem ? [sent.id] : []), ...others.map(item => item.id)];
    if (left.length) {
        const named = (id) => `item ${id} (${api.editLink(id)})`;
        const removal = problem
            ? `WordPress did not remove it (${request} → ${problem}): delete it in the media library if it is still there`
            : 'it was removed';
        const also = others.length
            ? ` Also under its slugs: ${others.map(item => named(item.id)).join(', ')}; delete those that are copies.`
            : '';
        deps.warn(`${file.display} is in the library more than once: ${named(keep.id)} holds its content key and is reported; ${named(sent.id)} is the copy this run's ${UPLOAD[cause]} made${cause === 'resent' ? ' after the first answer was lost' : ''}: ${removal}.${also}`, 'Stored twice');
    }
    const further = others.length
        ? `; ${(0,words/* agrees */.i)(others.length, 'item', 'items')} ${ids(others)} ${(0,words/* agrees */.i)(others.length, 'is', 'are')} under its slugs too`
        : '';
    const removal = problem
        ? `WordPress did not remove it (${problem}): delete it by hand`
        : 'it was removed';
    return {
        ...(await keptItem(file, sent, keep, deps)),
        message: `${first}: ${removal}; item ${keep.id} is kept${further}`,
        copies: note(api, left.length ? 'left' : 'removed', [keep.id, ...left])
    };
}
/** The outcome of the re-sent file, as the kept item: its id, links and image sizes. */
async function keptItem(file, sent, keep, deps) {
    const done = await finishStoredItem(file, keep.id, deps);
    if (done.warning)
        deps.warn(`${file.display}: ${done.warning}.`, 'Uploaded without its image sizes');
    const url = done.url ?? keep.url;
    const preview = done.preview ?? keep.preview;
    // The kept item's sizes are WordPress's (post-process), whoever made the deleted copy's.
    const sizesBy = file.mediaType.startsWith('image/') ? 'wordpress' : undefined;
    return { ...sent, id: keep.id, url, preview, sizes: done.sizes, sizesBy };
}
/**
 * A file found, after an answer that left its fate open, in more than one item proven to hold
 * it: one may be this run's lost POST's, another a re-send's or a racing run's. None is deleted,
 * since no answer named which is this run's: all are named, the one reported first.
 */
function foundTwice(file, outcome, item, deps) {
    const { api } = deps;
    const all = [item.id, ...item.others];
    const named = all.map(id => `item ${id} (${api.editLink(id)})`).join(', ');
    const message = `in the library more than once: found as ${(0,words/* agrees */.i)(all.length, 'item', 'items')} ${all.join(', ')} after its answer was lost; item ${item.id} is reported`;
    deps.warn(`${file.display} is ${message}. One may be this run's POST whose answer was lost, another a re-send's or another run's: no answer said which is this run's, so none was deleted. Delete the copies: ${named}.`, 'Stored twice');
    return { ...outcome, message, copies: note(api, 'left', all) };
}

;// CONCATENATED MODULE: ./src/upload/send/settle-lost.ts

/**
 * Whether a file whose POST got no answer, or a 5xx that does not say it stored anything, is in
 * the library after all: the same look-up by content key that runs before the upload, for this
 * one file. The key is in the slug the POST asked for (or a suffixed form, when it was taken), so
 * a stored file is found by it; an item there that is not proven to be the file is not taken for it.
 */
async function settleByLookUp(api, file, me) {
    const lookup = await findExisting(api, [file], me);
    if (lookup.kind !== 'found')
        return { kind: 'unknown', message: lookup.message };
    const item = file.key ? lookup.items.get(file.key) : undefined;
    return item ? { kind: 'stored', item } : { kind: 'absent' };
}

;// CONCATENATED MODULE: ./src/upload/send/file-upload.ts




/** The fields every outcome of the file starts with. */
function baseOf(file) {
    return { file: file.display, size: file.size, mediaType: file.mediaType };
}
/**
 * The file is in the library although its answer failed: WordPress said so, or the look-up found
 * it. It is never sent again; WordPress is asked to finish the item's image sizes.
 */
async function keepStored(upload, id, answer, how) {
    const { file, run } = upload;
    const { deps } = run;
    deps.log(`${file.display}: ${how}; asking WordPress to finish its image sizes.`);
    const done = await finishStoredItem(file, id, deps);
    if (done.warning)
        deps.warn(`${file.display}: ${done.warning}.`, 'Uploaded without its image sizes');
    return {
        ...baseOf(file),
        status: 'uploaded',
        attempts: upload.attempt,
        id,
        ...withPreview(done),
        sizes: done.sizes,
        ...(file.mediaType.startsWith('image/') ? { sizesBy: 'wordpress' } : {}),
        ...answer,
        message: done.sizes === 'complete'
            ? `${how}; its image sizes are complete`
            : `${how}; its smaller image sizes are missing (PHP memory: see the warning)`
    };
}
/**
 * After an answer that leaves the file's fate open: look it up by its content key (with
 * skip-existing on). Stored: kept. Absent: sending again is safe. Else undefined: nothing is
 * known, and the file is not sent again. `when` says which look-up this is, for the log.
 */
async function lookUpStored(upload, answer, when = 'after the answer failed') {
    const { file, run } = upload;
    const { deps } = run;
    if (!file.key || deps.signal?.aborted)
        return undefined;
    const settled = await settleByLookUp(deps.api, file, run.plan.me);
    if (settled.kind === 'stored') {
        const { item } = settled;
        const how = `stored as item ${item.id} (found by its content key ${when})`;
        const kept = await keepStored(upload, item.id, answer, how);
        return item.others.length ? foundTwice(file, { ...kept, id: item.id }, item, deps) : kept;
    }
    if (settled.kind === 'absent') {
        deps.log(`${file.display}: looked up by its content key ${when}: not stored.`);
        return 'absent';
    }
    deps.log(`${file.display}: ${settled.message}`);
    return undefined;
}
/**
 * An upload that may have made a second copy is checked: a re-send that followed a lost answer,
 * or an item WordPress stored under another slug than the key it asked for (as its answer said),
 * since something else held the key. Other uploads are not.
 */
function afterResend(upload, outcome) {
    const { file, run, storedSlug: slug } = upload;
    if (!file.key)
        return outcome;
    const cause = upload.resent
        ? 'resent'
        : slug !== undefined && slug !== file.key
            ? 'suffixed'
            : undefined;
    if (!cause)
        return outcome;
    const { me, named } = run.plan;
    const deps = { ...run.deps, ...(me === undefined ? {} : { me }), named: !!named?.has(file.key) };
    return settleCopies(file, outcome, deps, cause);
}

;// CONCATENATED MODULE: ./src/upload/send/answers.ts







const isImage = (file) => file.mediaType.startsWith('image/');
/** Sorts one POST's result into the kinds of answer that are handled apart. */
function classify(result, verdict) {
    if ('failure' in result) {
        const { failure } = result;
        if (failure.cancelled)
            return { kind: 'cancelled', mayHaveReachedServer: failure.mayHaveReachedServer };
        return { kind: 'lost', failure, verdict };
    }
    const { response } = result;
    const { status } = response;
    const stored = storedAttachment(response);
    if (stored && status >= 300)
        return { kind: 'stored-then-failed', status, id: stored.id, verdict };
    if (status < 200 || status >= 300)
        return { kind: 'refused', response, verdict };
    const media = parseMedia(response, verdict);
    // 201 Created is WordPress saying it stored the file: never failed, never sent again, even
    // when its answer is too spoiled to tell the new item's id.
    if (media.id !== undefined || status === 201)
        return { kind: 'stored', status, media, verdict };
    return { kind: 'stored-without-id', status, verdict };
}
/** What the file's upload comes to after this answer: one function per kind of answer. */
function answerTo(upload, reply) {
    switch (reply.kind) {
        case 'cancelled':
            return cancelledInFlight(upload, reply.mayHaveReachedServer);
        case 'lost':
            return lost(upload, reply.failure, reply.verdict);
        case 'stored':
            return stored(upload, reply.status, reply.media, reply.verdict);
        case 'stored-without-id':
            return storedWithoutId(upload, reply.status, reply.verdict);
        case 'stored-then-failed':
            return storedThenFailed(upload, reply.status, reply.id, reply.verdict);
        case 'refused':
            return refused(upload, reply.response, reply.verdict);
    }
}
function cancelledInFlight(upload, mayHaveReachedServer) {
    const base = { ...baseOf(upload.file), status: 'failed', attempts: upload.attempt };
    return mayHaveReachedServer
        ? {
            ...base,
            message: 'in flight when the step was cancelled: it may have been stored; check the media library before sending it again',
            caughtByCancel: 'in-flight'
        }
        : {
            ...base,
            message: 'cancelled before it reached the server: nothing was stored',
            caughtByCancel: 'unsent'
        };
}
/**
 * No answer. A file that may have been stored is only sent again once the look-up says it was
 * not; one that cannot have reached the server is sent again after the CDN back-off.
 */
async function lost(upload, failure, verdict) {
    const giveUp = (absent) => {
        const message = absent
            ? `no answer (${failure.message}); the look-up found it not stored, and max-attempts is used up`
            : failure.mayHaveReachedServer
                ? `no answer (${failure.message}); it may have been stored: check the media library before sending it again`
                : `no connection (${failure.message})`;
        return { ...baseOf(upload.file), status: 'failed', attempts: upload.attempt, message, verdict };
    };
    if (failure.permanent)
        return giveUp(false);
    if (!failure.mayHaveReachedServer)
        return {
            retry: true,
            policy: http_retry/* CDN_THROTTLE_BACKOFF */._D,
            answer: { verdict },
            giveUp: () => giveUp(false)
        };
    const settled = await lookUpStored(upload, { verdict });
    if (settled !== 'absent')
        return settled ?? giveUp(false);
    return {
        retry: true,
        policy: http_retry/* TRIGGER_BACKOFF */.Er,
        lookUpWhy: `no answer (${failure.message})`,
        answer: { verdict },
        giveUp: () => giveUp(true)
    };
}
async function stored(upload, status, media, verdict) {
    const { file, run } = upload;
    const unknownId = media.id === undefined
        ? 'stored (HTTP 201), but the answer named no media id: find it in the media library'
        : undefined;
    if (unknownId)
        run.deps.warn(`${file.display}: ${unknownId}.`, 'Uploaded, id unknown');
    if (media.slug !== undefined)
        upload.storedSlug = media.slug;
    const sizes = upload.headStart && media.id !== undefined
        ? await finishOnRunner(upload, media.id, verdict.json)
        : // WordPress answers only once it made the sizes (create_item).
            { sizes: 'complete', ...(isImage(file) ? { sizesBy: 'wordpress' } : {}) };
    return afterResend(upload, {
        ...baseOf(upload.file),
        status: 'uploaded',
        attempts: upload.attempt,
        ...(media.id === undefined ? {} : { id: media.id }),
        ...withPreview(media),
        httpStatus: status,
        ...(unknownId ? { message: unknownId } : {}),
        verdict,
        // A CDN that refused the sizes answered for them.
        ...sizes
    });
}
/**
 * A success that names no item may still have stored one: the look-up settles it, as after a
 * lost answer; the file is not sent again, whatever answered would answer alike.
 */
async function storedWithoutId(upload, status, verdict) {
    const settled = await lookUpStored(upload, { httpStatus: status, verdict });
    if (settled && settled !== 'absent')
        return settled;
    const fate = settled === 'absent'
        ? ', and the look-up by content key found it not stored: it was not stored'
        : ': it may have been stored; check the media library before sending it again';
    return {
        ...baseOf(upload.file),
        status: 'failed',
        attempts: upload.attempt,
        httpStatus: status,
        message: `HTTP ${status} without a media id${fate}`,
        verdict
    };
}
/** WordPress stored the file, then failed while making its image sizes (out of PHP memory). */
async function storedThenFailed(upload, status, id, verdict) {
    const answer = { httpStatus: status, verdict };
    if (id !== undefined) {
        const how = `stored as item ${id} although WordPress answered HTTP ${status}`;
        return afterResend(upload, await keepStored(upload, id, answer, how));
    }
    const unknownId = `stored (the HTTP ${status} answer carried X-WP-Upload-Attachment-ID), but not a usable media id: find it in the media library`;
    upload.run.deps.warn(`${upload.file.display}: ${unknownId}.`, 'Uploaded, id unknown');
    return afterResend(upload, {
        ...baseOf(upload.file),
        status: 'uploaded',
        attempts: upload.attempt,
        ...answer,
        message: unknownId
    });
}
/**
 * An answer after which the file may or may not be stored: a 5xx that neither says it stored the
 * file (`X-WP-Upload-Attachment-ID`) nor is WordPress's own refusal of it or a host turning it
 * away.
 */
function mayHaveStored(status, verdict) {
    return status >= 500 && !TURNED_AWAY.has(status) && !isRefusal(refusalKind(status, verdict));
}
/**
 * A refusal, or a 5xx that may have stored the file: the look-up settles the latter, and a file
 * found not stored is sent again, as is one refused by a passing throttle.
 */
async function refused(upload, response, verdict) {
    const { status } = response;
    const answer = { httpStatus: status, verdict };
    let absent = false;
    if (mayHaveStored(status, verdict)) {
        const settled = await lookUpStored(upload, answer);
        if (settled === 'absent')
            absent = true;
        else if (settled)
            return settled;
    }
    const giveUp = () => refusedOutcome(upload, status, verdict, absent);
    if (!absent && !worthRetrying(status, verdict))
        return giveUp();
    return {
        retry: true,
        policy: absent ? http_retry/* TRIGGER_BACKOFF */.Er : http_retry/* CDN_THROTTLE_BACKOFF */._D,
        retryAfter: (0,http_headers/* headerValue */.Z)(response.headers, 'retry-after'),
        ...(absent ? { lookUpWhy: refusalMessage(status, verdict) } : {}),
        answer,
        giveUp
    };
}
/** The file's outcome after a refusal; a 413 is remembered, so no larger file is sent. */
function refusedOutcome(upload, status, verdict, absent) {
    const { file, run } = upload;
    const refusal = refusalKind(status, verdict);
    if (refusal === 'too-large')
        run.limits.record(file.display, file.size, verdict);
    if (refusal === 'image-type')
        run.refusedTypes.record(file, verdict);
    const maybe = mayHaveStored(status, verdict) && !absent
        ? '; it may have been stored: check the media library before sending it again'
        : '';
    return {
        ...baseOf(upload.file),
        status: verdict.blocked ? 'blocked' : 'failed',
        attempts: upload.attempt,
        httpStatus: status,
        ...(refusal ? { refusal } : {}),
        message: `${refusal ? refusalText(refusal, file, verdict) : refusalMessage(status, verdict)}${maybe}`,
        verdict
    };
}

;// CONCATENATED MODULE: ./src/upload/pace/run-block.ts


/** Answers after which sending more files would only repeat the failure (or lock the account). */
const STOPPING_STATUSES = new Set([401, 403, 405]);
/**
 * Whether every other file would meet this answer too. A 413 is not among them: it is about this
 * file's size, and smaller files may pass.
 */
function stopsEveryFile({ httpStatus, refusal, blocked }) {
    if (httpStatus === 413)
        return false;
    return blocked || STOPPING_STATUSES.has(httpStatus ?? 0) || stopsTheRun(refusal);
}
/** A file's final outcome that would repeat for every later file. */
function outcomeStopsTheRun(outcome) {
    return stopsEveryFile({ ...outcome, blocked: outcome.status === 'blocked' });
}
/**
 * A refusal or a block that every file would meet, as soon as it is answered. "Unable to create
 * directory" is left to the file's own outcome: it may be two uploads racing for a folder, which
 * only sending it alone tells.
 */
function answerStopsTheRun(status, verdict) {
    const refusal = refusalKind(status, verdict);
    if (mayBeFolderRace(refusal, verdict))
        return false;
    return stopsEveryFile({
        httpStatus: status,
        ...(refusal ? { refusal } : {}),
        blocked: verdict.blocked
    });
}
/**
 * A block or a refusal is the run's, not one file's: a CDN that blocks POSTs, refused credentials
 * or rights meet every file alike. The first file to meet one (the scout) finds out for all with
 * its own attempts; meanwhile no POST of another file starts, and the files in flight that met it
 * too wait for its fate instead of retrying on their own. Once it stands, nothing is sent again.
 */
class RunBlock {
    scout;
    fate = Promise.resolve('lifted');
    settle = () => { };
    halted;
    onHalt = () => { };
    /** Kept once the run stopped: whatever waits to send gives up then. */
    stopped = new Promise(resolve => (this.onHalt = resolve));
    /** The file finding out whether the block stands, if one is. */
    get finding() {
        return this.scout;
    }
    /** Why no file starts any more, once the run stopped. */
    get stop() {
        return this.halted;
    }
    /**
     * `file` met an answer every file would meet. The first to do so goes on with its own attempts
     * (undefined); any other gets the scout's fate to wait for.
     */
    met(file) {
        if (this.halted)
            return Promise.resolve('stands');
        if (this.scout === undefined) {
            this.scout = file;
            this.fate = new Promise(resolve => (this.settle = resolve));
            return undefined;
        }
        return this.scout === file ? undefined : this.fate;
    }
    /** Before a POST of `file`: the fate to wait for while another file is finding out, if any. */
    pending(file) {
        return this.scout !== undefined && this.scout !== file ? this.fate : undefined;
    }
    /** `file`'s upload ended: an outcome every file would meet stops the run; the scout's is its fate. */
    ended(file, outcome) {
        if (outcomeStopsTheRun(outcome))
            this.halt(stoppedBy(outcome), file, outcome.verdict);
        if (this.scout !== file)
            return;
        this.scout = undefined;
        this.settle(this.halted ? 'stands' : 'lifted');
    }
    /** Stops the run: no file starts, none is sent again; the first stop's reason is kept. */
    halt(why, file, verdict) {
        this.halted ??= { why, file, ...(verdict ? { verdict } : {}) };
        this.scout = undefined;
        this.settle('stands');
        this.onHalt();
    }
}
/** The message of a file the stop kept from being sent. */
const notSentWhy = (stop) => `not sent: the run stopped at ${stop.file}`;
function stoppedBy(outcome) {
    const what = outcome.status === 'blocked' ? 'was still blocked' : 'was refused';
    return `${outcome.file} ${what} after ${(0,words/* counted */.h)(outcome.attempts, 'attempt')}`;
}

// EXTERNAL MODULE: ./src/log/duration.ts
var duration = __webpack_require__(7316);
;// CONCATENATED MODULE: ./src/upload/pace/wait-budget.ts

/** Answers that say the server is busy: rate limited, unavailable, a host's resource limit. */
const BUSY_STATUSES = new Set([429, 503, 508]);
const isBusy = (status) => BUSY_STATUSES.has(status ?? 0);
/**
 * How long a run may wait, in all, for a server that says it is busy: as long as one file may
 * take with every attempt spent on a request that runs to the time-out (timeout-seconds ×
 * max-attempts, 90 s by default). Waiting longer helps nobody: a host that turns requests away
 * that long is down for this job, and the job's minutes are the user's.
 */
function waitBudgetMs(config) {
    return config.timeoutMs * config.maxAttempts;
}
/**
 * The run's one bound on the time spent waiting for a busy server (429, 503, 508), whichever
 * files waited: the time, not the sum, so that files waiting out the same Retry-After together
 * spend it once.
 */
class WaitBudget {
    totalMs;
    spentMs = 0;
    /** Until when the waits taken so far run: time already covered is not spent twice. */
    coveredUntil = 0;
    constructor(totalMs) {
        this.totalMs = totalMs;
    }
    /**
     * Takes a wait of `waitMs` from `now` (what the server's `Retry-After` asked, when it did), or
     * says why the run ends instead when the time it adds does not fit; then nothing is taken.
     */
    take(waitMs, retryAfter, now) {
        const from = Math.max(now.getTime(), this.coveredUntil);
        const end = now.getTime() + waitMs;
        const added = Math.max(0, end - from);
        if (this.spentMs + added > this.totalMs)
            return this.refusal(waitMs, retryAfter);
        this.spentMs += added;
        this.coveredUntil = Math.max(this.coveredUntil, end);
        return undefined;
    }
    refusal(waitMs, retryAfter) {
        const budget = `the run waits at most ${(0,duration/* formatDuration */.a)(this.totalMs)} in all for a busy server (timeout-seconds × max-attempts)`;
        const spent = this.spentMs > 0 ? `, and ${(0,duration/* formatDuration */.a)(this.spentMs)} of it is spent` : '';
        const asked = retryAfter
            ? `the server asked to wait ${(0,duration/* formatDuration */.a)(waitMs)} (${named(retryAfter)})`
            : `one more pause of ${(0,duration/* formatDuration */.a)(waitMs)} would be needed`;
        return `${asked}, but ${budget}${spent}`;
    }
}
/** The header as the server sent it when it is a number of seconds; a date is not repeated. */
function named(retryAfter) {
    const text = retryAfter.trim();
    return /^\d{1,12}$/.test(text) ? `Retry-After: ${text}` : 'Retry-After';
}

;// CONCATENATED MODULE: ./src/upload/send/upload-one.ts
















/**
 * One file's upload: not sent when the library holds it, a larger file met a 413, or it cannot
 * be read; otherwise sent until an answer settles it.
 */
async function uploadOne(file, run) {
    const skipped = notToSend(file, run);
    const known = file.key ? run.plan.existing.get(file.key) : undefined;
    if (skipped)
        return known ? sizesOfExisting(file, known, run, skipped) : skipped;
    const { attachTo } = run.plan;
    const sizesOnRunner = !!run.plan.sizes && RUNNER_TYPES.includes(file.mediaType);
    const fields = {
        ...mediaFields(file, run.plan.fields),
        // create_item_permissions_check refuses it unless the user may edit that post.
        ...(attachTo === undefined ? {} : { post: String(attachTo) }),
        // WordPress stores the original alone; the runner makes and sideloads its sizes.
        ...(sizesOnRunner ? { generate_sub_sizes: 'false' } : {})
    };
    const cannotRead = await openProblem(file);
    if (cannotRead) {
        return {
            ...baseOf(file),
            status: 'failed',
            attempts: 0,
            message: `could not be read (${cannotRead}); nothing was sent`
        };
    }
    // The sizes are made while the original is on its way; whatever becomes of it, they go.
    const headStart = sizesOnRunner ? startSizes(file, run.plan.sizes) : undefined;
    try {
        return await sendUntilSettled({
            ...{ run, file, fields, attempt: 0, waived: 0, resent: false },
            ...(headStart ? { headStart } : {})
        });
    }
    finally {
        const folder = (await headStart)?.folder;
        if (folder)
            await (0,promises_.rm)(folder, { recursive: true, force: true });
    }
}
/**
 * The outcome of a file that is not sent because of what is already known: its content is in the
 * library, WordPress refused its image type, or a file no larger met a 413.
 */
function notToSend(file, run) {
    const known = file.key ? run.plan.existing.get(file.key) : undefined;
    if (known) {
        run.deps.log(`${file.display}: already in the library as item ${known.id}${alsoIn(known)}; not sent.`);
        return existingOutcome(file, known);
    }
    const sameType = run.refusedTypes.covering(file);
    if (sameType) {
        const message = RefusedTypes.reason(sameType);
        run.deps.log(`${file.display}: ${message}.`);
        return {
            ...baseOf(file),
            status: 'failed',
            attempts: 0,
            refusal: 'image-type',
            message,
            verdict: sameType.verdict
        };
    }
    const tooLarge = run.limits.covering(file.size);
    if (!tooLarge)
        return undefined;
    const message = BodyLimits.reason(tooLarge);
    run.deps.log(`${file.display}: ${message}.`);
    return {
        ...baseOf(file),
        status: tooLarge.verdict.blocked ? 'blocked' : 'failed',
        attempts: 0,
        httpStatus: 413,
        refusal: 'too-large',
        message,
        verdict: tooLarge.verdict
    };
}
/**
 * The attempts: each is sent, its answer handled, and a retry decided by `nextMove`. An answer
 * that every file would meet, met while another file finds out whether it stands, waits for that
 * file's fate instead.
 */
async function sendUntilSettled(upload) {
    let last;
    for (upload.attempt = 1;; upload.attempt++) {
        if (upload.run.deps.signal?.aborted)
            return cancelledBeforeSending(upload);
        const sent = await sendOnce(upload);
        if (!sent)
            return stoppedBeforeSending(upload, last);
        const shared = sent.fate && (await follow(upload, sent.fate));
        if (shared === 'lifted') {
            upload.waived++;
            continue;
        }
        const move = await answerTo(upload, sent.reply);
        if (shared === 'stands')
            return standing(upload, 'retry' in move ? move.giveUp() : move);
        if (!('retry' in move))
            return move;
        last = move;
        const stop = await nextMove(upload, move);
        if (stop)
            return stop;
    }
}
/**
 * Sends the file once, when the gate lets it (undefined when the run stopped first); one log line
 * per attempt, named by its file (lines of files mix). `fate`: the answer is one every file would
 * meet, and another file is finding out whether it stands.
 */
async function sendOnce(upload) {
    const { file, run, attempt } = upload;
    let verdict;
    const judged = (result) => (verdict ??= (0,diagnosis/* diagnose */.h4)(result, run.context));
    const sent = await run.gate.send(file, () => run.deps.api.postFile(file, upload.fields), result => 'response' in result && answerStopsTheRun(result.response.status, judged(result)));
    if (!sent)
        return undefined;
    const { result } = sent;
    const cancelled = 'failure' in result && result.failure.cancelled;
    const answered = 'response' in result && result.response.status < 300;
    const headline = answered || cancelled ? '' : ` (${judged(result).headline})`;
    run.deps.log(`${file.display}: POST ${attempt}/${run.maxAttempts + upload.waived} → ${(0,send/* describeResult */.dy)(result)}${headline}`);
    const reply = classify(result, judged(result));
    return sent.fate ? { reply, fate: sent.fate } : { reply };
}
/** Waits for the fate of the block this file met too, which another file is finding out. */
async function follow(upload, fate) {
    const { file, run } = upload;
    const scout = run.block.finding;
    if (scout) {
        run.deps.log(`${file.display}: met the same answer as ${scout}; waiting for its attempts to tell whether it stands.`);
    }
    const settled = await fate;
    if (settled === 'lifted' && !run.deps.signal?.aborted) {
        run.deps.log(`${file.display}: it no longer stands; sending it again (this attempt is not counted).`);
    }
    return settled;
}
/** A file that met the answer that stopped the run, found to stand by another file. */
function standing(upload, outcome) {
    const stop = upload.run.block.stop;
    if (!stop)
        return outcome;
    return {
        ...outcome,
        message: `${outcome.message ?? ''}; not sent again once ${stop.file} found it standing`
    };
}
function notSentAgain(outcome, stop) {
    return {
        ...outcome,
        message: `${outcome.message ?? ''}; not sent again: the run stopped at ${stop.file}`
    };
}
/** The run stopped while this attempt waited to be sent: the last answer, or nothing, is its end. */
function stoppedBeforeSending(upload, last) {
    const stop = upload.run.block.stop;
    const message = stop ? notSentWhy(stop) : 'not sent: the run stopped';
    if (!last)
        return notAttempted(upload.file, message);
    const outcome = last.giveUp();
    // The attempt that was not sent is not counted.
    return {
        ...outcome,
        message: `${outcome.message ?? ''}; ${message} again`,
        attempts: upload.attempt - 1
    };
}
/** The step was cancelled before this attempt was sent. */
function cancelledBeforeSending(upload) {
    if (upload.attempt === 1)
        return notAttempted(upload.file, NOT_SENT_CANCELLED);
    return {
        ...baseOf(upload.file),
        status: 'failed',
        attempts: upload.attempt - 1,
        message: 'not sent again: the step was cancelled',
        caughtByCancel: 'unsent'
    };
}
/**
 * The one place that decides, after an answer worth another attempt, whether to send the file
 * again: the outcome when no attempt is left (or the wait asked for is too long, or the look-up
 * after the back-off settles the file), else undefined after the back-off.
 */
async function nextMove(upload, retry) {
    const { attempt, run, file } = upload;
    const allowed = run.maxAttempts + upload.waived;
    const busy = isBusy(retry.answer.httpStatus);
    // A busy server's waits are bounded by the run's budget, not by a cap on each.
    const step = (0,http_retry/* nextStep */.sk)(attempt, allowed, retry.policy, retry.retryAfter, run.deps, busy ? Infinity : undefined);
    if (!step.retry)
        return retry.giveUp();
    const tooLong = busy ? run.waits.take(step.waitMs, retry.retryAfter, run.deps.now()) : undefined;
    if (tooLong) {
        const outcome = retry.giveUp();
        run.block.halt(`${file.display}: ${tooLong}`, file.display, outcome.verdict);
        return { ...outcome, message: `${outcome.message ?? ''}; not sent again: ${tooLong}` };
    }
    const stop = run.block.stop;
    if (stop)
        return notSentAgain(retry.giveUp(), stop);
    await (0,http_retry/* waitToRetry */.B2)(step, attempt, allowed, run.deps, file.display);
    if (retry.lookUpWhy === undefined)
        return undefined;
    const before = await lookUpBeforeResend(upload, retry.answer, retry.lookUpWhy);
    if (before)
        return before;
    upload.resent = true;
    return undefined;
}
/**
 * Right before a re-send, after the back-off: a server may store a file a while after its answer
 * was lost (a slow disk, a slow scan), so the look-up that ran at once may have missed it.
 * Stored: kept, not sent again. Undefined: not stored, send it. A failed look-up ends the file as
 * "may have been stored", as after the first look-up.
 */
async function lookUpBeforeResend(upload, answer, why) {
    // A cancel during the back-off is reported by the loop: nothing more is sent.
    if (upload.run.deps.signal?.aborted)
        return undefined;
    const settled = await lookUpStored(upload, answer, 'after the back-off, before sending it again');
    if (settled === 'absent')
        return undefined;
    return (settled ?? {
        ...baseOf(upload.file),
        status: 'failed',
        attempts: upload.attempt,
        ...answer,
        message: `${why}; the look-up before sending it again failed, so it may have been stored: check the media library before sending it again`
    });
}

;// CONCATENATED MODULE: ./src/upload/pace/adaptive-level.ts
/**
 * `concurrency: auto`: how many uploads may be in flight, learnt from the answers. Shared plans
 * cap PHP workers and entry processes (CloudLinux answers 508 "Resource Limit Is Reached" above
 * its cap), managed hosts answer 429 or 503: no user can know the number, so it is found. The
 * level starts low, rises by one after a full round of clean, fast answers, halves at an answer
 * that says the server is overloaded (and never again reaches the level that met it), and steps
 * down by one when answers grow slow against the fastest seen (a latency gradient, as Netflix's
 * concurrency-limits and Envoy's adaptive concurrency do), or fail. It starts careful: one request
 * until a file is stored, so that a refusal, a CDN's block or an overloaded host is met once, not
 * by several requests at once. Pure: the gate that applies it lives in `send-gate.ts`.
 */

/** One request at a time until the first file is stored. */
const AUTO_START = 1;
/** The level once a file is stored, from which clean rounds raise it. */
const AUTO_STORED = 2;
const AUTO_MAX = 8;
/** The most files in flight at once under `concurrency`. */
const mostAtOnce = (concurrency) => concurrency === 'auto' ? AUTO_MAX : concurrency;
/** An answer slower than this many times the fastest seen is a sign of queueing. */
const SLOW_FACTOR = 2;
/** At most this many times the fastest counts as fast enough to go higher. */
const FAST_FACTOR = 1.5;
/** Consecutive slow answers before the level steps down: one slow answer is noise. */
const SLOW_RUN = 2;
/**
 * Slowness alone takes the level no lower than it starts. Two requests at once cost a busy server
 * nothing in throughput (one waits for the other), while one at a time leaves a second worker or
 * core idle; and slowness is a weak sign: on real WordPress, images of mixed sizes and formats
 * take from 1 to 5 times as long per byte as one another even one at a time (docs/benchmarks.md).
 * An overload answer or a failure still takes it lower.
 */
const SLOW_FLOOR = AUTO_STORED;
/** Answer time is compared per request plus this many bytes of body, so sizes compare. */
const OVERHEAD_BYTES = 256 * 1024;
class AdaptiveLevel {
    level = AUTO_START;
    /** Changes with every change of level: answers to requests of an older round are history. */
    round = 0;
    /** Lowered below a level the server refused as too many: a host's cap does not move in a run. */
    ceiling;
    fastest = Infinity;
    fastInRound = 0;
    slowRun = 0;
    stored = false;
    constructor(max = AUTO_MAX) {
        this.ceiling = max;
    }
    /** Reads one answer; returns the change of level it causes, if any. */
    record(sample) {
        // Answers that say "fewer at once": rate limited, unavailable, a host's resource limit.
        if (isBusy(sample.status)) {
            // Answers to requests sent before the last change say what is already acted upon.
            if (sample.round !== this.round)
                return undefined;
            this.ceiling = Math.max(1, this.level - 1);
            const reason = `HTTP ${sample.status}; at most ${this.ceiling} from now on`;
            return this.change(Math.max(1, Math.floor(this.level / 2)), reason);
        }
        const cost = costOf(sample);
        const answered = sample.status !== undefined && sample.status < 500;
        if (answered)
            this.fastest = Math.min(this.fastest, cost);
        if (sample.round !== this.round)
            return undefined;
        if (!this.stored && isStored(sample.status)) {
            this.stored = true;
            return this.change(Math.min(AUTO_STORED, this.ceiling), 'the first file stored');
        }
        if (!answered || cost > this.fastest * SLOW_FACTOR)
            return this.slow(sample, cost);
        this.slowRun = 0;
        if (sample.status >= 300 || cost > this.fastest * FAST_FACTOR)
            return undefined;
        if (++this.fastInRound < this.level || this.level >= this.ceiling)
            return undefined;
        const answers = this.fastInRound === 1 ? 'answer' : `${this.fastInRound} answers`;
        return this.change(this.level + 1, `${answers} clean and fast`);
    }
    slow(sample, cost) {
        this.fastInRound = 0;
        const failed = sample.status === undefined || sample.status >= 500;
        if (++this.slowRun < SLOW_RUN || this.level <= (failed ? 1 : SLOW_FLOOR))
            return undefined;
        const what = sample.status === undefined
            ? 'the last one lost'
            : sample.status >= 500
                ? `the last one HTTP ${sample.status}`
                : `the last one ${(cost / this.fastest).toFixed(1)}× as long as the fastest`;
        return this.change(this.level - 1, `${SLOW_RUN} slow or failed answers in a row, ${what}`);
    }
    change(to, reason) {
        if (to === this.level)
            return undefined;
        const from = this.level;
        this.level = to;
        this.round++;
        this.fastInRound = 0;
        this.slowRun = 0;
        return { from, to, reason };
    }
}
const isStored = (status) => status !== undefined && status >= 200 && status < 300;
/** Answer time per request of a standard size, so that a large file is not taken for a slow one. */
function costOf(sample) {
    return (sample.elapsedMs * OVERHEAD_BYTES) / (OVERHEAD_BYTES + sample.bytes);
}

;// CONCATENATED MODULE: ./src/upload/pace/send-gate.ts



/**
 * Every upload's POST passes here. It goes once no other file is finding out whether a block or
 * a refusal stands (`RunBlock`), fewer than the level are in flight (under `auto`, learnt from
 * the answers; else the fixed concurrency), and no server's Retry-After holds new POSTs back.
 * Once the run stopped, a POST is not sent: `send` answers undefined.
 */
class SendGate {
    deps;
    run;
    inFlight = 0;
    waiting = [];
    /** Until when new POSTs wait, but the refused file's own retry, which waits on its own. */
    hold = { until: 0, exempt: '' };
    level;
    fixed;
    highest = 0;
    changes = [];
    constructor(deps, run, concurrency) {
        this.deps = deps;
        this.run = run;
        this.level = concurrency === 'auto' ? new AdaptiveLevel() : undefined;
        this.fixed = concurrency === 'auto' ? 0 : concurrency;
        this.highest = this.limit();
    }
    /** What `auto` did; undefined with a fixed concurrency. */
    report() {
        if (!this.level)
            return undefined;
        return { final: this.level.level, highest: this.highest, changes: [...this.changes] };
    }
    /**
     * Sends when the gate lets `file` through; undefined when the run stopped first. An answer that
     * every file would meet (`meetsEveryFile`) is registered with the run's block before any waiting
     * POST can start; `fate` is then the other file's finding out to wait for, if another is.
     */
    async send(file, request, meetsEveryFile) {
        if (!(await this.enter(file)))
            return undefined;
        const round = this.level?.round ?? 0;
        let result;
        let fate;
        try {
            result = await request();
            if (meetsEveryFile(result))
                fate = this.run.block.met(file.display);
            return { result, ...(fate ? { fate } : {}) };
        }
        finally {
            this.inFlight--;
            if (result)
                this.read(result, round, file);
            this.wake();
        }
    }
    limit() {
        return this.level?.level ?? this.fixed;
    }
    /** Waits until `file` may be sent; false when the run stopped meanwhile. */
    async enter(file) {
        let held = this.hold.exempt === file.path;
        for (;;) {
            if (this.run.block.stop)
                return false;
            const fate = this.run.block.pending(file.display);
            if (fate) {
                await fate;
                continue;
            }
            if (this.inFlight >= this.limit()) {
                const slot = new Promise(resolve => this.waiting.push(resolve));
                await Promise.race([slot, this.run.block.stopped]);
                continue;
            }
            const holdMs = this.hold.until - this.deps.now().getTime();
            if (held || holdMs <= 0)
                break;
            held = true;
            await this.deps.sleep(holdMs);
        }
        this.inFlight++;
        return true;
    }
    read(result, round, file) {
        const response = 'response' in result ? result.response : undefined;
        if (response && isBusy(response.status))
            this.holdFor(response.headers['retry-after'], file);
        if (!this.level)
            return;
        const elapsedMs = response?.elapsedMs ?? ('failure' in result ? result.failure.elapsedMs : 0);
        const bytes = file.size;
        const change = this.level.record({ round, status: response?.status, elapsedMs, bytes });
        if (!change)
            return;
        this.changes.push(change);
        this.highest = Math.max(this.highest, change.to);
        this.deps.log(`Concurrency ${change.from} → ${change.to}: ${change.reason}.`);
    }
    /**
     * A busy server's Retry-After holds back every new POST, not only the refused file's own retry.
     * One longer than the run may still wait stops the run here, before a waiting POST can start.
     */
    holdFor(header, file) {
        const now = this.deps.now();
        const value = typeof header === 'string' ? header : undefined;
        const asked = (0,http_retry/* retryAfterMs */.Vs)(value, now);
        if (asked === undefined)
            return;
        const tooLong = this.run.waits.take(asked, value, now);
        if (tooLong) {
            this.run.block.halt(`${file.display}: ${tooLong}`, file.display);
            return;
        }
        const until = now.getTime() + asked;
        if (until > this.hold.until)
            this.hold = { until, exempt: file.path };
    }
    /** Lets waiting uploads in up to the (possibly new) level. */
    wake() {
        for (let free = this.limit() - this.inFlight; free > 0 && this.waiting.length; free--) {
            this.waiting.shift()();
        }
    }
}

;// CONCATENATED MODULE: ./src/upload/send/upload-files.ts











/**
 * Uploads the files, up to `concurrency` at a time (under `auto`, as many as the adaptive level
 * lets through), each under the same policy. A block or a refusal that every file would meet is
 * the run's: one file finds out whether it stands while no other is sent, and once it stands (or
 * a busy server asks for a longer wait than the run may take) no file starts: those in flight
 * finish and are reported, the rest are `not-attempted`. Outcomes keep the files' order.
 * `waits` is the run's budget for busy answers, shared by every pass of the same run.
 */
async function uploadFiles(files, config, deps, plan = { existing: new Map(), fields: {} }, waits = new WaitBudget(waitBudgetMs(config))) {
    const block = new RunBlock();
    const gate = new SendGate(deps, { block, waits }, config.concurrency);
    const run = {
        deps,
        maxAttempts: config.maxAttempts,
        plan,
        context: deps.api.context('POST'),
        limits: new BodyLimits(),
        refusedTypes: new RefusedTypes(),
        gate,
        block,
        waits
    };
    const outcomes = files.map(() => undefined);
    const exclusive = new Exclusive();
    let next = 0;
    const worker = async () => {
        while (!block.stop && !deps.signal?.aborted && next < files.length) {
            const index = next++;
            const file = files[index];
            const startedAt = deps.now();
            let outcome = await exclusive.shared(() => uploadOne(file, run));
            if (mayBeFolderRace(outcome.refusal, outcome.verdict)) {
                outcome = await exclusive.alone(() => sendAlone(file, outcome, run, () => !!block.stop));
            }
            outcomes[index] = outcome;
            deps.timed?.(file.display, startedAt, deps.now());
            block.ended(file.display, outcome);
        }
    };
    const workers = Math.min(mostAtOnce(config.concurrency), files.length);
    await Promise.all(Array.from({ length: workers }, worker));
    const report = reportOf(files, outcomes, block.stop, deps.signal);
    const level = gate.report();
    return level ? { ...report, concurrency: level } : report;
}
/**
 * After "Unable to create directory", which two uploads racing to make this month's folder also
 * get: the file is sent once more with no other upload in flight. Refused again, the folder cannot
 * be made and the run stops; stored, it was the race.
 */
async function sendAlone(file, first, run, stopped) {
    const { deps } = run;
    if (stopped() || deps.signal?.aborted)
        return first;
    deps.log(`${file.display}: WordPress could not create its uploads folder for this month, as happens when another upload is creating it at the same moment; sending it once more, alone.`);
    const again = await uploadOne(file, run);
    const attempts = first.attempts + again.attempts;
    if (mayBeFolderRace(again.refusal, again.verdict)) {
        return {
            ...again,
            attempts,
            message: `${again.message ?? ''}; sent once more alone and refused again, so no other upload caused it`
        };
    }
    if (again.status === 'uploaded') {
        deps.log(`${file.display}: stored when sent alone: the folder was being created by another upload.`);
    }
    return { ...again, attempts };
}
/** `; the 3 remaining files were not sent`, or nothing when none was left. */
function notSent(unsent) {
    if (unsent === 0)
        return '';
    return `; the ${(0,words/* counted */.h)(unsent, 'remaining file')} ${(0,words/* agrees */.i)(unsent, 'was', 'were')} not sent`;
}
/**
 * The run's report: every file's outcome in order (those never started as `not-attempted`), why
 * the run stopped early, and the answer that decided it.
 */
function reportOf(files, outcomes, stop, signal) {
    const why = stop ? notSentWhy(stop) : NOT_SENT_CANCELLED;
    const all = files.map((file, index) => outcomes[index] ?? notAttempted(file, why));
    const unsent = all.filter(outcome => outcome.status === 'not-attempted').length;
    const inFlight = all.filter(outcome => outcome.caughtByCancel === 'in-flight').length;
    const last = (keep) => all.filter(outcome => outcome.verdict && keep(outcome)).at(-1)?.verdict;
    const failed = (outcome) => outcome.status !== 'uploaded' && outcome.status !== 'existing';
    return {
        files: all,
        ...(stop
            ? { stopReason: `${stop.why}${notSent(unsent)}.` }
            : signal?.aborted
                ? {
                    stopReason: `The step was cancelled${inFlight ? `: ${(0,words/* counted */.h)(inFlight, 'file')} in flight may have been stored (check the media library before sending ${(0,words/* agrees */.i)(inFlight, 'it', 'them')} again)` : ''}${notSent(unsent)}.`
                }
                : {}),
        verdict: stop?.verdict ?? last(failed) ?? last(() => true)
    };
}

;// CONCATENATED MODULE: ./src/upload/send/wait-out-block.ts


/** The longest pause between probes, and the first one, of a long wait. */
const MAX_PAUSE_MS = 60_000;
const FIRST_PAUSE_MS = 10_000;
/**
 * The pause before probe `n` (1-based) of a wait of `waitMs`: tens of seconds growing by half
 * up to a minute for a wait of ten minutes or more (10, 15, 22.5, … 60 s); a shorter wait keeps
 * the same shape at its own scale, so that it still probes several times.
 */
function probePauseMs(n, waitMs) {
    const first = Math.min(FIRST_PAUSE_MS, waitMs / 10);
    const ceiling = Math.min(MAX_PAUSE_MS, waitMs / 3);
    return Math.round(Math.min(first * 1.5 ** (n - 1), ceiling));
}
/**
 * Probes the write path with empty POSTs, never with a file, until one reaches WordPress (or is
 * answered as if it stored something, which ends the wait unlifted) or
 * `waitMs` is spent: no probe starts after that, and each probe is bounded by the request
 * time-out, so the wait ends within `waitMs` plus one probe's deadline. One log line a probe.
 */
async function waitOutBlock(waitMs, deps) {
    const from = deps.now();
    const elapsed = () => deps.now().getTime() - from.getTime();
    let probes = 0;
    let last;
    for (;;) {
        const pauseMs = Math.min(probePauseMs(probes + 1, waitMs), waitMs - elapsed());
        if (pauseMs < 0 || deps.signal?.aborted)
            break;
        await deps.sleep(pauseMs);
        if (deps.signal?.aborted)
            break;
        last = await deps.probe();
        probes++;
        const at = `[${(elapsed() / 1000).toFixed(1)} s]`;
        const peer = last.peer ? `, answered from ${last.peer}` : '';
        deps.log(`${at} Probe ${probes}: the write path ${probePhrase(last.outcome)}${peer}.`);
        // A lost or unclear answer may be the switch-over itself: only an answer decides.
        if (last.outcome.kind !== 'blocked' && last.outcome.kind !== 'unclear')
            break;
    }
    return {
        from,
        to: deps.now(),
        probes,
        // WordPress answered: the files go, and a refusal of theirs is diagnosed as usual.
        lifted: last?.outcome.kind === 'reaches' || last?.outcome.kind === 'refused',
        ...(last ? { last } : {})
    };
}
/** The window in one sentence, for the log and the summary. */
function describeWindow(window, waitMs) {
    const span = `from ${window.from.toISOString()} to ${window.to.toISOString()}, ${(0,words/* counted */.h)(window.probes, 'probe')}`;
    if (window.lifted)
        return `The CDN block lifted: blocked ${span}; the remaining files were then sent.`;
    const last = window.last
        ? `; the last probe: the write path ${probePhrase(window.last.outcome)}`
        : '';
    const kind = window.last?.outcome.kind;
    return kind === undefined || kind === 'blocked' || kind === 'unclear'
        ? `The CDN block did not lift within blocked-wait-seconds (${waitMs / 1000} s): blocked ${span}${last}.`
        : `The wait for the CDN block ended: ${span}${last}.`;
}
/** The first pass's report, decided now by the last probe's answer when there was one. */
function stillBlocked(first, last) {
    if (!last)
        return first;
    return {
        ...first,
        files: first.files.map(file => (file.status === 'blocked' ? { ...file, verdict: last } : file)),
        verdict: last
    };
}
/** Whether the run stopped on a standing CDN block (the blocked file's retries spent). */
function blockedStop(report) {
    return report.verdict?.blocked === true && report.files.some(file => file.status === 'blocked');
}
/**
 * After the block lifted: sends the blocked file and those the block kept back, and merges their
 * outcomes into the first pass's, attempts added. A file that may have been stored is `failed`
 * and stays so: it is never sent again.
 */
async function resumeAfterBlock(first, local, upload) {
    const again = first.files.flatMap((file, index) => file.status === 'blocked' || file.status === 'not-attempted' ? [index] : []);
    const second = await upload(again.map(index => local[index]));
    const files = [...first.files];
    again.forEach((index, n) => {
        const outcome = second.files[n];
        files[index] = { ...outcome, attempts: first.files[index].attempts + outcome.attempts };
    });
    return {
        files,
        ...(second.stopReason ? { stopReason: second.stopReason } : {}),
        ...(second.verdict ? { verdict: second.verdict } : {})
    };
}

;// CONCATENATED MODULE: ./src/upload/sending.ts












/** Sends the files; with blocked-wait, waits out a CDN's block and sends the rest. */
async function sendFiles(setup, checks, existing) {
    const { api, config, local, signal, waits } = setup;
    const timings = new Map();
    const deps = {
        api,
        sleep: ms => (0,cancellation/* pause */.v7)(ms, signal),
        now: () => new Date(),
        random: Math.random,
        log: log/* log */.R.info,
        warn: log/* log */.R.warning,
        signal,
        timed: (file, begun, ended) => timings.set(file, { startedAt: begun, durationMs: ended.getTime() - begun.getTime() })
    };
    const plan = {
        existing,
        fields: config.fields,
        ...(config.attachTo === undefined ? {} : { attachTo: config.attachTo }),
        ...(checks.rights.userId === undefined ? {} : { me: checks.rights.userId }),
        ...(checks.lookup?.kind === 'found' ? { named: new Set(checks.lookup.foreign.keys()) } : {}),
        ...(checks.sizes?.on === 'runner' ? { sizes: checks.sizes.site } : {})
    };
    const first = await log/* log */.R.group('Upload', () => uploadFiles(local, config, deps, plan, waits));
    if (!(config.blockedWaitMs > 0 && !signal?.aborted && blockedStop(first))) {
        return { report: first, timings };
    }
    const window = await log/* log */.R.group('Waiting for the CDN block to lift', () => waitOutBlock(config.blockedWaitMs, {
        probe: () => probeWritePath(api),
        now: () => new Date(),
        sleep: ms => (0,cancellation/* pause */.v7)(ms, signal),
        log: log/* log */.R.info,
        signal
    }));
    const blockedWindow = describeWindow(window, config.blockedWaitMs);
    log/* log */.R.info(blockedWindow);
    const report = window.lifted
        ? await log/* log */.R.group('Upload, after the block', () => resumeAfterBlock(first, local, files => uploadFiles(files, config, deps, plan, waits)))
        : stillBlocked(first, window.last?.outcome.verdict);
    return { report, timings, blockedWindow };
}
/**
 * The upload's diagnosis and its end in the log: every file in the library, or which not.
 * `files`: what became of each, attached to the post of attach-to when it was.
 */
async function reportSent(setup, report, files) {
    const { signal } = setup;
    const verdict = report.verdict;
    if (verdict) {
        await (0,step_end/* explainBlock */.TB)(verdict, setup.config.baseUrl, signal);
        (0,outputs/* setDiagnosisOutputs */.w)(verdict);
    }
    const failures = files.filter(file => file.status !== 'uploaded' && file.status !== 'existing');
    // A cancelled step says so once, at the end, instead of listing what the cancel cut short.
    if (signal?.aborted)
        return;
    if (failures.length === 0) {
        const counts = countByStatus(files);
        log/* log */.R.info(`${files.length === 1 ? 'The file is' : `All ${files.length} files are`} in the library: ${counts.uploaded} uploaded, ${counts.existing} already there.`);
        return;
    }
    const lines = failures
        .slice(0, 20)
        .map(file => `- ${file.file}: ${file.status}${file.message ? ` (${file.message})` : ''}`);
    if (failures.length > lines.length)
        lines.push(`- … and ${failures.length - lines.length} more`);
    log/* log */.R.fail([
        (0,answerer/* refusalLine */.tw)(verdict, wordpressProfile.name, 'the upload'),
        `${failures.length} of ${(0,words/* counted */.h)(files.length, 'file')} ${(0,words/* agrees */.i)(failures.length, 'was', 'were')} not uploaded.`,
        ...lines,
        report.stopReason,
        verdict && (0,diagnosis_block/* verdictLines */.rz)(verdict)
    ]
        .filter(Boolean)
        .join('\n'), notUploadedTitle(failures.length, verdict));
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./src/inputs/common.ts
var common = __webpack_require__(832);
// EXTERNAL MODULE: ./src/inputs/fields.ts
var fields = __webpack_require__(2996);
// EXTERNAL MODULE: ./src/inputs/input-error.ts
var input_error = __webpack_require__(9354);
;// CONCATENATED MODULE: ./src/upload/config.ts






/**
 * The media API's prefix in the interface's own naming, for a server that does not announce
 * itself as WordPress does (a real WordPress is found at /wp-json/wp/v2 or its plain form).
 */
const DEFAULT_WORDPRESS_API_PATH = '/cms-json/cms/v2';
/** What a field template may say about each file. */
const PLACEHOLDERS = ['name', 'stem', 'path'];
const template = schemas/* string */.YjP()
    .trim()
    .transform((value, ctx) => {
    if (value === '')
        return undefined;
    const unknown = [...value.matchAll(/\{([^{}]*)\}/g)]
        .map(match => match[1])
        .filter(name => !PLACEHOLDERS.includes(name));
    if (unknown.length > 0) {
        return (0,fields/* fail */.fJ)(ctx, `expected placeholders among ${PLACEHOLDERS.map(name => `{${name}}`).join(', ')}, got ${[...new Set(unknown)].map(name => `{${name}}`).join(', ')}`);
    }
    return value;
});
/** A post id, as in a post's edit link (`post.php?post=42`). */
const postId = (0,fields/* optional */.lq)((value, ctx) => {
    const id = /^\d{1,15}$/.test(value) ? Number(value) : NaN;
    if (Number.isSafeInteger(id) && id > 0)
        return id;
    return (0,fields/* fail */.fJ)(ctx, `expected a post id: a whole number above 0, the number in the post's edit link (wp-admin/post.php?post=42), got ${(0,input_error/* shown */.S)(value)}`);
});
/** A featured image belongs to a post: without attach-to there is none to give it to. */
function requirePostForFeatured(input, ctx) {
    if (input[inputs_names/* INPUT */.bO.featuredImage] === undefined || input[inputs_names/* INPUT */.bO.attachTo] !== undefined)
        return;
    ctx.addIssue({
        code: 'custom',
        path: [inputs_names/* INPUT */.bO.featuredImage],
        message: `is set, but "${inputs_names/* INPUT */.bO.attachTo}" is empty: a featured image is the featured image of the post in "${inputs_names/* INPUT */.bO.attachTo}". Set "${inputs_names/* INPUT */.bO.attachTo}" to that post's id, or remove "${inputs_names/* INPUT */.bO.featuredImage}"`
    });
}
/** `auto` (the level found from the server's answers) or a fixed number of files at once. */
const concurrency = schemas/* string */.YjP()
    .trim()
    .transform((value, ctx) => {
    if (value.toLowerCase() === 'auto')
        return 'auto';
    const parsed = Number(value);
    if (value !== '' && Number.isInteger(parsed) && parsed >= 1 && parsed <= 16)
        return parsed;
    return (0,fields/* fail */.fJ)(ctx, `expected auto (found from the server's answers) or a whole number of files from 1 to 16, got ${(0,input_error/* shown */.S)(value)}`);
});
/** `i/n`: this leg's number and the number of legs, as a matrix gives them (`${{ matrix.leg }}/4`). */
const shard = (0,fields/* optional */.lq)((value, ctx) => {
    const parts = /^(\d{1,6})\s*\/\s*(\d{1,6})$/.exec(value);
    if (!parts) {
        return (0,fields/* fail */.fJ)(ctx, `expected i/n, this leg's number and the number of legs, such as 2/4, got ${(0,input_error/* shown */.S)(value)}`);
    }
    const [index, count] = [Number(parts[1]), Number(parts[2])];
    if (count < 1 || count > files_shard/* MAX_LEGS */.bM) {
        return (0,fields/* fail */.fJ)(ctx, `expected from 1 to ${files_shard/* MAX_LEGS */.bM} legs (the most jobs a matrix runs) after the "/", got ${(0,input_error/* shown */.S)(value)}`);
    }
    if (index < 1 || index > count) {
        return (0,fields/* fail */.fJ)(ctx, `expected a leg from 1 to ${count} before the "/", got ${(0,input_error/* shown */.S)(value)}`);
    }
    return { index, count };
});
const uploadInputs = common/* commonInputs */.j$.extend({
    [inputs_names/* INPUT */.bO.files]: schemas/* string */.YjP()
        .transform(value => value
        .split(/\r?\n/)
        .map(line => line.trim())
        .filter(line => line !== '' && !line.startsWith('#')))
        .refine(lines => lines.length > 0, {
        error: 'is required: newline-separated glob patterns such as dist/*.png, got none'
    }),
    [inputs_names/* INPUT */.bO.ifNoFilesFound]: (0,fields/* choice */.Yq)(['error', 'warn', 'ignore']),
    [inputs_names/* INPUT */.bO.blockedWaitSeconds]: (0,fields/* seconds */.YA)(0, 3600),
    [inputs_names/* INPUT */.bO.username]: (0,fields/* required */.mw)('the WordPress user name').pipe(fields/* userName */.nT),
    // The Airflow input by a similar name: given here, it is a mistake, never a fallback.
    [inputs_names/* INPUT */.bO.password]: schemas/* string */.YjP()
        .trim()
        .refine(value => value === '', {
        error: `is the Airflow password, for trigger mode (the value is not shown). Upload mode signs in with "${inputs_names/* INPUT */.bO.appPassword}": an application password, made in WordPress under Users → Profile → Application Passwords, not the account's login password. Remove "${inputs_names/* INPUT */.bO.password}"`
    }),
    [inputs_names/* INPUT */.bO.appPassword]: (0,fields/* required */.mw)('an application password of that user').pipe(fields/* secret */.rJ),
    [inputs_names/* INPUT */.bO.preflight]: fields/* boolean */.zM,
    [inputs_names/* INPUT */.bO.skipExisting]: fields/* boolean */.zM,
    [inputs_names/* INPUT */.bO.concurrency]: concurrency,
    [inputs_names/* INPUT */.bO.title]: template,
    [inputs_names/* INPUT */.bO.altText]: template,
    [inputs_names/* INPUT */.bO.caption]: template,
    [inputs_names/* INPUT */.bO.description]: template,
    [inputs_names/* INPUT */.bO.attachTo]: postId,
    [inputs_names/* INPUT */.bO.featuredImage]: (0,fields/* optional */.lq)(value => value),
    [inputs_names/* INPUT */.bO.shard]: shard,
    [inputs_names/* INPUT */.bO.imageSizes]: (0,fields/* choice */.Yq)(['auto', 'runner', 'server'])
});
const uploadConfig = uploadInputs
    .superRefine(common/* requireSecureTransport */.CN)
    .superRefine(requirePostForFeatured)
    .transform((input) => ({
    mode: 'upload',
    ...(0,common/* commonConfig */.E8)(input),
    patterns: input[inputs_names/* INPUT */.bO.files],
    ifNoFilesFound: input[inputs_names/* INPUT */.bO.ifNoFilesFound],
    blockedWaitMs: input[inputs_names/* INPUT */.bO.blockedWaitSeconds],
    username: input[inputs_names/* INPUT */.bO.username],
    appPassword: input[inputs_names/* INPUT */.bO.appPassword],
    preflight: input[inputs_names/* INPUT */.bO.preflight],
    skipExisting: input[inputs_names/* INPUT */.bO.skipExisting],
    concurrency: input[inputs_names/* INPUT */.bO.concurrency],
    fields: {
        ...(input[inputs_names/* INPUT */.bO.title] ? { title: input[inputs_names/* INPUT */.bO.title] } : {}),
        ...(input[inputs_names/* INPUT */.bO.altText] ? { alt_text: input[inputs_names/* INPUT */.bO.altText] } : {}),
        ...(input[inputs_names/* INPUT */.bO.caption] ? { caption: input[inputs_names/* INPUT */.bO.caption] } : {}),
        ...(input[inputs_names/* INPUT */.bO.description] ? { description: input[inputs_names/* INPUT */.bO.description] } : {})
    },
    ...(input[inputs_names/* INPUT */.bO.attachTo] === undefined ? {} : { attachTo: input[inputs_names/* INPUT */.bO.attachTo] }),
    ...(input[inputs_names/* INPUT */.bO.featuredImage] === undefined
        ? {}
        : { featuredImage: input[inputs_names/* INPUT */.bO.featuredImage] }),
    ...(input[inputs_names/* INPUT */.bO.shard] === undefined ? {} : { shard: input[inputs_names/* INPUT */.bO.shard] }),
    imageSizes: input[inputs_names/* INPUT */.bO.imageSizes]
}));
/** The upload mode's inputs as one typed config, or an InputError naming every bad input. */
function parseUploadConfig(read) {
    return (0,common/* parseInputs */.TL)(Object.keys(uploadInputs.shape), uploadConfig, read);
}
/** The settings for the debug log, with the password replaced and only the headers' names. */
function describeSettings(config) {
    return JSON.stringify({
        ...config,
        baseUrl: config.baseUrl.href,
        appPassword: '***',
        headers: Object.keys(config.headers)
    });
}

// EXTERNAL MODULE: ./src/upload/files/files.ts + 1 modules
var files = __webpack_require__(8461);
;// CONCATENATED MODULE: ./src/upload/files/featured-file.ts




/** Names listed at most when featured-image names none of the files. */
const LISTED = 10;
/** A path as a user writes it and as `files` shows it, compared alike: `/`, without `./`. */
function normalized(name) {
    return external_node_path_default().posix.normalize(name.replace(/\\/g, '/')).replace(/^\.\//, '');
}
const featured_file_isImage = (file) => file.mediaType.startsWith('image/');
/**
 * The file featured-image names among those `files` matched: `first`, the first image in their
 * order, or one by its path (as the media output shows it, or absolute). It must be an image:
 * WordPress's set_post_thumbnail() sets only an item wp_get_attachment_image() can show, and for
 * any other it deletes the post's featured image instead. Refused before any request.
 */
function featuredFile(files, wanted) {
    const name = `Input "${inputs_names/* INPUT */.bO.featuredImage}"`;
    if (wanted === 'first') {
        const first = files.find(featured_file_isImage);
        if (first)
            return first;
        throw new input_error/* InputError */.d(`${name} is "first", but none of the ${(0,words/* counted */.h)(files.length, 'file')} "${inputs_names/* INPUT */.bO.files}" matched is an image (${files
            .slice(0, LISTED)
            .map(file => `${file.display}: ${file.mediaType}`)
            .join(', ')}): a featured image must be an image.`);
    }
    const target = normalized(wanted);
    const found = files.find(file => normalized(file.display) === target || external_node_path_default().resolve(file.path) === external_node_path_default().resolve(wanted));
    if (!found) {
        const names = files.slice(0, LISTED).map(file => file.display);
        const more = files.length > LISTED ? `, … ${files.length} in all` : '';
        throw new input_error/* InputError */.d(`${name} expected "first" or one of the files "${inputs_names/* INPUT */.bO.files}" matched (${names.join(', ')}${more}), got ${(0,input_error/* shown */.S)(wanted)}.`);
    }
    if (!featured_file_isImage(found)) {
        throw new input_error/* InputError */.d(`${name} names ${found.display}, which is ${found.mediaType}, not an image: WordPress takes only an image as a featured image (for anything else it removes the post's featured image).`);
    }
    return found;
}

// EXTERNAL MODULE: ./src/upload/files/pattern-hints.ts
var pattern_hints = __webpack_require__(7520);
;// CONCATENATED MODULE: ./src/upload/files/no-files.ts







/** The section for a run whose patterns matched nothing and was told that is fine. */
function renderNoFilesSummary(target, patterns) {
    const item = (pattern) => {
        const hints = (0,pattern_hints/* patternHints */.J)(pattern);
        const why = hints.length > 0 ? `: it ${(0,html/* inline */.mG)(hints.join('; it '), 600)}` : '';
        return `<code>${(0,html/* inline */.mG)(pattern)}</code>${why}`;
    };
    return [
        '<h2>WordPress upload: no file matched, nothing uploaded</h2>',
        `<p>Target: <code>${(0,html/* inline */.mG)(target)}</code> · <code>${inputs_names/* INPUT */.bO.ifNoFilesFound}</code> let the step succeed.</p>`,
        `<p>No file matched the <code>${inputs_names/* INPUT */.bO.files}</code> patterns:</p>`,
        `<ul>${patterns.map(pattern => `<li>${item(pattern)}</li>`).join('')}</ul>`
    ].join('\n');
}
/** Outputs that count no file: nothing was sent, and nothing failed. */
function noFileOutputs() {
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.media, '[]');
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.uploadedCount, 0);
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.existingCount, 0);
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.failedCount, 0);
    (0,output/* setOutput */.u)(inputs_names/* OUTPUT */.aQ.featuredMediaId, '');
}
/**
 * A leg of a matrix to which the hash gave none of the matched files: it succeeds without a
 * request, its outputs counting zero files; the other legs send them all.
 */
async function reportEmptyLeg(leg, target) {
    log/* log */.R.info('Nothing to upload in this leg: the other legs send the matched files.');
    noFileOutputs();
    await (0,write/* writeSummary */.Sy)([
        `<h2>WordPress upload: nothing to send in this leg</h2>`,
        `<p>Target: <code>${(0,html/* inline */.mG)(target)}</code> · 🧩 This is ${(0,html/* inline */.mG)(leg)}: the other legs send them.</p>`
    ].join('\n'));
}
/**
 * A run whose patterns matched no file: fails as before (`error`), or succeeds with a warning
 * (`warn`) or a log line (`ignore`), its outputs counting zero files and its summary saying so.
 */
async function reportNoFiles(config, workspace, target) {
    if (config.ifNoFilesFound === 'error')
        throw new Error((0,files/* noMatchMessage */.ou)(config.patterns, workspace));
    const message = [
        `No file matched the "${inputs_names/* INPUT */.bO.files}" patterns in ${workspace}: ${config.patterns.map(p => JSON.stringify(p)).join(', ')}. Nothing was uploaded.`,
        ...(0,pattern_hints/* hintLines */.L)(config.patterns)
    ].join('\n');
    if (config.ifNoFilesFound === 'warn')
        log/* log */.R.warning(message, 'No files found');
    else
        log/* log */.R.info(message);
    noFileOutputs();
    await (0,write/* writeSummary */.Sy)(renderNoFilesSummary(target, config.patterns));
}

;// CONCATENATED MODULE: ./src/upload/pace/patient-reads.ts



/**
 * The checks' reads of the media API (preflight, the user, the look-up, the sizes offered), asked again after the
 * back-off while the host answers busy (429, 503, 508) and the run's budget for busy waits
 * lasts: the legs of a matrix start their checks at the same moment, and on a host with fewer
 * workers than legs the other legs' uploads hold every worker, so a few attempts are not enough.
 * A read changes nothing, so asking again is safe; any other answer is the checks' to judge.
 */
function patientReads(api, waits, deps) {
    const patiently = (what, read) => async (...args) => {
        for (let attempt = 1;; attempt++) {
            const result = await read(...args);
            const response = 'response' in result ? result.response : undefined;
            if (!response || !isBusy(response.status))
                return result;
            const retryAfter = (0,http_headers/* headerValue */.Z)(response.headers, 'retry-after');
            const step = (0,http_retry/* nextStep */.sk)(attempt, Infinity, http_retry/* CDN_THROTTLE_BACKOFF */._D, retryAfter, deps, Infinity);
            if (!step.retry || waits.take(step.waitMs, retryAfter, deps.now()))
                return result;
            deps.log(`${what}: HTTP ${response.status}, the host is busy; asking again in ${(step.waitMs / 1000).toFixed(1)} s.`);
            await deps.sleep(step.waitMs);
        }
    };
    return {
        ...api,
        getSettings: patiently('Preflight', api.getSettings),
        currentUser: patiently("The user's rights", api.currentUser),
        findBySlugs: patiently('The look-up', api.findBySlugs),
        ...(api.sizesIndex
            ? { sizesIndex: patiently('The image sizes the site offers', api.sizesIndex) }
            : {})
    };
}

// EXTERNAL MODULE: ./src/http/on-origin.ts
var on_origin = __webpack_require__(9686);
;// CONCATENATED MODULE: ./src/upload/wordpress/rest-link.ts


/** The link relation WordPress announces its REST API with (rest_output_link_header). */
const REST_API_REL = 'https://api.w.org/';
/** A header longer than this is not read: no site needs it, and it is untrusted text. */
const MAX_HEADER_CHARS = 8192;
const MAX_TARGET_CHARS = 2048;
/**
 * The target of the first link with relation `https://api.w.org/` in `Link` header values
 * (RFC 8288: `<target>; rel="a b", <target>; …`), or undefined.
 */
function restRootLink(values) {
    for (const value of values) {
        if (value.length > MAX_HEADER_CHARS)
            continue;
        for (const match of value.matchAll(/<([^<>]*)>([^<]*)/g)) {
            const [, target, params] = match;
            const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params);
            const relations = (rel?.[1] ?? rel?.[2] ?? '').split(/\s+/);
            if (relations.includes(REST_API_REL) && target.length <= MAX_TARGET_CHARS)
                return target;
        }
    }
    return undefined;
}
/** WordPress's own API: the `wp/v2` namespace under the REST root. */
const NAMESPACE = 'wp/v2';
/**
 * The API a site announced, made safe to send credentials to: only the announced path and query
 * are used, on base-url's own scheme, host and port (`addressOnOrigin`). The announcement names
 * the site's canonical address, which may differ from the one the workflow chose (the apex
 * instead of `www`, the origin's own address to bypass a CDN); it is told, never asked.
 */
function restRootApi(announced, site, answeredAt) {
    const root = (0,on_origin/* addressOnOrigin */.QL)(announced, site, answeredAt);
    if (!root.ok)
        return root;
    return {
        ok: true,
        api: (0,api_url/* endpointUrl */.Pb)(root.url, NAMESPACE),
        ...(root.named ? { canonical: root.named } : {})
    };
}

;// CONCATENATED MODULE: ./src/upload/wordpress/locate-rest-api.ts







/**
 * Finds WordPress's REST API the way WordPress tells clients to (its REST API handbook,
 * "Discovery"): the `Link: <root>; rel="https://api.w.org/"` header that `rest_output_link_header`
 * adds to every front-end page, HEAD included. When the home page does not say (a CDN's challenge
 * page, a cached copy, a redirect to the canonical host, which WordPress answers without the
 * header), the REST index is asked directly, in both of its forms: `/wp-json/` with pretty
 * permalinks, `/index.php?rest_route=/` without (where `/wp-json/` redirects to the home page).
 * An index that lists WordPress's `wp/v2` namespace is WordPress's own, though a proxy stripped its
 * Link header: it is used before the interface's neutral default. No credentials are sent: all
 * three are public. An explicit api-path is used as given.
 */
async function locateRestApi(client, site, apiPath, defaults) {
    if (apiPath !== undefined) {
        return {
            api: (0,api_url/* apiUnder */.db)(site, apiPath),
            apiPath,
            source: 'given',
            how: 'given as api-path',
            refused: []
        };
    }
    const probes = discoveryProbes(client, site);
    let listed;
    let slow = false;
    const tried = [];
    const refused = new Map();
    for (const probe of probes) {
        const result = await probe.send(probe.url);
        tried.push(`${probe.asked} → ${(0,send/* describeResult */.dy)(result)}`);
        // An untrusted certificate fails every request alike: the preflight will say why.
        if ('failure' in result && result.failure.permanent)
            break;
        if (!('response' in result)) {
            slow ||= result.failure.timedOut;
            continue;
        }
        if (!listed && probe.wpApiPath && listsWpApi(result.response.body))
            listed = { probe, result };
        const announced = restRootLink((0,http_headers/* headerValues */.UE)(result.response.headers, 'link'));
        if (announced === undefined)
            continue;
        const root = restRootApi(announced, site, probe.url);
        // Refused, discovery goes on as if nothing had been announced: the next probe, the default.
        if (!root.ok) {
            if (!refused.has(announced)) {
                refused.set(announced, `The site announced its REST API at ${(0,input_error/* shown */.S)(announced, 200)} (${probe.asked}), which was not used: ${root.why}.`);
            }
            continue;
        }
        return {
            api: root.api,
            apiPath: (0,api_url/* apiPathOf */.pM)(root.api, site),
            source: 'found',
            how: `announced by WordPress (${probe.asked} → ${(0,send/* describeResult */.dy)(result)}, its Link header)`,
            ...(root.canonical
                ? {
                    note: `The site names ${root.canonical} as its address; requests stay with base-url's ${site.origin}.`
                }
                : {}),
            refused: [...refused.values()]
        };
    }
    if (listed && refused.size === 0)
        return listedLocation(site, listed.probe, listed.result);
    return defaultLocation(site, defaults, { tried, refused: [...refused.values()], slow });
}
/**
 * The three places WordPress tells where its REST API is: the home page's Link header, and the
 * REST index in both forms (`_fields` keeps it small: WordPress filters any REST answer by it).
 */
function discoveryProbes(client, site) {
    const index = (path, query) => {
        const url = (0,api_url/* apiUnder */.db)(site, path);
        for (const [name, value] of Object.entries(query))
            url.searchParams.set(name, value);
        return url;
    };
    return [
        { asked: 'HEAD /', url: (0,api_url/* apiUnder */.db)(site, '/'), send: url => client.head(url) },
        {
            asked: 'GET /wp-json/',
            url: index('/wp-json/', { _fields: 'namespaces' }),
            send: url => client.get(url, { anonymous: true }),
            wpApiPath: '/wp-json/wp/v2'
        },
        {
            asked: 'GET /index.php?rest_route=/',
            url: index('/index.php', { rest_route: '/', _fields: 'namespaces' }),
            send: url => client.get(url, { anonymous: true }),
            wpApiPath: '/index.php?rest_route=/wp/v2'
        }
    ];
}
/** A REST index that lists `wp/v2` without announcing itself: a proxy dropped its Link header. */
function listedLocation(site, probe, result) {
    const path = probe.wpApiPath;
    return {
        api: (0,api_url/* apiUnder */.db)(site, path),
        apiPath: path,
        source: 'found',
        how: `WordPress's REST index answered (${probe.asked} → ${(0,send/* describeResult */.dy)(result)}, listing wp/v2) without a Link header`,
        refused: []
    };
}
/** Nothing usable was said: the default, and why, said plainly when the site was too slow. */
function defaultLocation(site, defaults, seen) {
    const { apiPath } = defaults;
    const nothing = seen.refused.length
        ? 'no announcement of the REST API could be used'
        : 'no WordPress REST API announced itself';
    return {
        api: (0,api_url/* apiUnder */.db)(site, apiPath),
        apiPath,
        source: 'default',
        how: `${nothing} (${seen.tried.join('; ')}): using the default ${apiPath}; set api-path if the site serves it elsewhere`,
        ...(seen.slow
            ? {
                slow: `The site did not answer within timeout-seconds (${defaults.timeoutMs / 1000} s) where WordPress says where its REST API is, so the default ${apiPath} is used without knowing. Set api-path (on most WordPress sites /wp-json/wp/v2) to skip this look-up, or raise timeout-seconds.`
            }
            : {}),
        refused: seen.refused
    };
}
/** Whether a REST index's JSON lists WordPress's own `wp/v2` namespace. */
function listsWpApi(body) {
    try {
        const { namespaces } = JSON.parse(body);
        return Array.isArray(namespaces) && namespaces.includes('wp/v2');
    }
    catch {
        return false;
    }
}
/** Where the REST API is: api-path, or what WordPress announces; said in the log either way. */
async function findRestApi(client, config) {
    const location = await locateRestApi(client, config.baseUrl, config.apiPath, {
        apiPath: DEFAULT_WORDPRESS_API_PATH,
        timeoutMs: config.timeoutMs
    });
    log/* log */.R.info(`REST API: ${location.apiPath} (${location.how}).`);
    if (location.note)
        log/* log */.R.info(location.note);
    if (location.slow)
        log/* log */.R.warning(location.slow, 'REST API not found: the site was too slow');
    for (const refused of location.refused)
        log/* log */.R.warning(refused, 'REST API announcement not used');
    return location;
}

;// CONCATENATED MODULE: ./src/upload/setup.ts
















/**
 * The inputs read, the files matched and this leg's share taken, the REST API found and its
 * clients made. Undefined when there is nothing to send: the step has said so and saved its report.
 */
async function setUpUpload(read, workspace, signal) {
    const startedAt = new Date();
    const config = parseUploadConfig(read);
    log/* log */.R.debug(`Resolved settings: ${describeSettings(config)}`);
    const matched = await (0,files/* findFiles */.lY)(config.patterns, workspace, message => log/* log */.R.warning(message, 'A "files" line matched nothing'));
    const site = `${config.baseUrl.host}${config.baseUrl.pathname}`;
    const empty = { files: [], matched: matched.length, startedAt };
    // Nothing to send: no request at all, not even to find the API.
    if (matched.length === 0) {
        await reportNoFiles(config, workspace, site);
        await saveRunReport(config, workspace, empty);
        return undefined;
    }
    const { shard } = config;
    const local = shard ? (0,files_shard/* filesOfLeg */.$g)(matched, shard) : matched;
    const leg = shard && (0,files_shard/* legLine */.ZQ)(shard, local.length, matched.length);
    if (leg)
        log/* log */.R.info(`This is ${leg}.`);
    // Chosen among all matched files, so every leg checks it alike; the leg that sends it sets it.
    const chosen = config.featuredImage ? featuredFile(matched, config.featuredImage) : undefined;
    if (leg && local.length === 0) {
        await reportEmptyLeg(leg, site);
        await saveRunReport(config, workspace, empty);
        return undefined;
    }
    const featured = chosen && local.includes(chosen) ? chosen : undefined;
    if (chosen && !featured)
        log/* log */.R.info(`${chosen.display}, the featured image, is another leg's.`);
    const clients = await connect(config, signal);
    const run = { config, signal, workspace, startedAt, matched: matched.length, local, ...clients };
    return { ...run, ...(leg ? { leg } : {}), ...(featured ? { featured } : {}) };
}
/** The client, the REST API found through it, and the media and posts APIs over it. */
async function connect(config, signal) {
    // One kept-alive connection per file in flight, reused file after file: a TLS handshake per
    // file would dominate small files.
    const client = (0,http_client/* apiClient */.u)({ ...config, maxSockets: mostAtOnce(config.concurrency), signal });
    let location;
    try {
        location = await log/* log */.R.group('WordPress REST API', () => findRestApi(client, config));
    }
    catch (error) {
        client.close();
        throw error;
    }
    const reads = {
        sleep: (ms) => (0,cancellation/* pause */.v7)(ms, signal),
        now: () => new Date(),
        random: Math.random,
        log: log/* log */.R.info
    };
    // One budget for a busy server's waits, the checks' and the uploads' alike.
    const waits = new WaitBudget(waitBudgetMs(config));
    const api = patientReads(mediaApi(client, config, location, secrets/* addSecret */.Ck), waits, reads);
    return { client, location, api, posts: postsApi(client, location), waits };
}

;// CONCATENATED MODULE: ./src/upload/mode.ts










/**
 * Upload mode end to end: inputs, match files, preflight, look-up, upload, outputs and summary.
 * After `signal` (the step's cancellation) no phase and no file starts; what was done is reported.
 */
async function runUploadMode(read, workspace, signal) {
    const setup = await setUpUpload(read, workspace, signal);
    if (!setup)
        return;
    log/* log */.R.info(`${(0,words/* counted */.h)(setup.local.length, 'file')} to upload to ${setup.api.target}.`);
    // The ending reports the last phase that ended, whether the next one ended or threw.
    let reached = { phase: 'set up' };
    try {
        for await (const phase of uploadPhases(setup))
            reached = phase;
    }
    finally {
        await endUpload(setup, reached);
    }
}
/**
 * The checks, then the dry run or the upload and attaching to the post: each phase hands on what
 * it did as it ends, and may stop the run before the next.
 */
async function* uploadPhases(setup) {
    const checked = stoppedByCancel(setup) ?? (await checkBeforeSending(setup));
    yield checked;
    if (checked.phase === 'stopped')
        return;
    const { checks } = checked;
    const existing = checks.lookup?.kind === 'found' ? checks.lookup.items : new Map();
    if (setup.config.dryRun) {
        const plan = await dryRun(setup, checks, existing);
        yield { phase: 'dry run', checks, dryRun: plan };
        await reportDryRun(plan.probe, plan.files, setup.config, setup.signal);
        return;
    }
    const sent = await sendFiles(setup, checks, existing);
    yield { phase: 'sent', checks, sent };
    const placed = checks.target && (await place(setup, checks.target, sent.report, existing));
    if (placed)
        yield { phase: 'placed', checks, sent, placed };
    await reportSent(setup, sent.report, placed ? placed.files : sent.report.files);
}
/** attach-to: the files in the library attached to its post, and featured-image set. */
async function place(setup, target, report, existing) {
    const { api, posts, signal, local, featured } = setup;
    const input = { report, local, existing, target, ...(featured ? { featured } : {}) };
    const deps = { api, posts, log: log/* log */.R.info, warn: log/* log */.R.warning, signal };
    const placed = await log/* log */.R.group(`Attach to ${postName(target)}`, () => placeMedia(input, deps));
    const result = placed.placement.featured;
    if (result?.state === 'failed')
        log/* log */.R.fail(`Featured image: ${result.message}.`, 'Featured image not set');
    return placed;
}


/***/ }),

/***/ 7609:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Aj: () => (/* binding */ REPORT_VERSION),
/* harmony export */   DC: () => (/* binding */ REPORT_SCHEMA),
/* harmony export */   MM: () => (/* binding */ REPORT_STATUSES),
/* harmony export */   cI: () => (/* binding */ legReportSchema)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9691);

/**
 * The JSON report one upload run writes (the `report-file` output), which `upload/merge` reads
 * back from every leg of a matrix. `version` changes when a reader could misread a report.
 */
const REPORT_SCHEMA = 'wordpress-upload-report';
const REPORT_VERSION = 1;
/** Every status a file can end with, in the order the summaries count them. */
const REPORT_STATUSES = [
    'uploaded',
    'existing',
    'failed',
    'blocked',
    'not-attempted',
    'would-upload',
    'would-fail'
];
const LAYERS = ['cdn', 'origin', 'network', 'aws', 'unknown'];
const count = zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(0);
const fileEntry = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    /** The path as `files` matched it, `/` between folders. */
    path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(REPORT_STATUSES),
    mediaId: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullable(),
    url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    /** POSTs sent for the file. */
    attempts: count,
    /** The last HTTP status seen for it, and which layer gave that answer. */
    httpStatus: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullable(),
    layer: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(LAYERS).nullable(),
    /** Why it is not in the library, or what else to know about it; secrets redacted. */
    message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    durationMs: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().min(0).nullable()
});
const legReportSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    schema: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(REPORT_SCHEMA),
    version: zod__WEBPACK_IMPORTED_MODULE_0__/* .literal */ .euz(REPORT_VERSION),
    /** The leg of `shard: i/n`; null for a run of every matched file. */
    shard: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ index: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(1), count: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(1) }).nullable(),
    /** Host and path of base-url. */
    site: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    dryRun: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    endedAt: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    durationMs: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().min(0),
    /** Files the patterns matched, before the leg took its share. */
    matched: count,
    counts: zod__WEBPACK_IMPORTED_MODULE_0__/* .partialRecord */ .jgl(zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(REPORT_STATUSES), count),
    /** Why the run stopped before sending every file, and the answer that decided it. */
    stop: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        reason: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
        blocked: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
        layer: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(LAYERS).nullable(),
        httpStatus: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullable()
    })
        .nullable(),
    files: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(fileEntry)
});


/***/ })

};
