export const id = 893;
export const ids = [893];
export const modules = {

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

/***/ 2893:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runMergeMode: () => (/* binding */ runMergeMode)
});

// UNUSED EXPORTS: mergedMedia

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/log/log.ts
var log = __webpack_require__(5384);
// EXTERNAL MODULE: ./src/log/output.ts
var output = __webpack_require__(1493);
// EXTERNAL MODULE: ./src/log/words.ts
var words = __webpack_require__(5523);
// EXTERNAL MODULE: ./src/summary/write.ts + 1 modules
var write = __webpack_require__(450);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./src/inputs/common.ts
var common = __webpack_require__(832);
// EXTERNAL MODULE: ./src/inputs/fields.ts
var fields = __webpack_require__(2996);
// EXTERNAL MODULE: ./src/inputs/input-error.ts
var input_error = __webpack_require__(9354);
// EXTERNAL MODULE: ./src/upload/files/shard.ts
var shard = __webpack_require__(3649);
;// CONCATENATED MODULE: ./src/upload/merge/config.ts





/** upload/merge's inputs, as its action.yml declares them. */
const MERGE_INPUT = { reports: 'reports', legs: 'legs' };
/** upload/merge's outputs, as its action.yml declares them. */
const MERGE_OUTPUT = {
    fileCount: 'file-count',
    uploadedCount: 'uploaded-count',
    existingCount: 'existing-count',
    failedCount: 'failed-count',
    rerunLegs: 'rerun-legs',
    media: 'media',
    mediaFile: 'media-file'
};
/** Where actions/download-artifact puts the reports in the README's workflow. */
const DEFAULT_REPORTS = 'upload-reports';
const legs = (0,fields/* optional */.lq)((value, ctx) => {
    const count = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
    if (count >= 1 && count <= shard/* MAX_LEGS */.bM)
        return count;
    return (0,fields/* fail */.fJ)(ctx, `expected the number of legs, a whole number from 1 to ${shard/* MAX_LEGS */.bM} (the n of shard: i/n), got ${(0,input_error/* shown */.S)(value)}`);
});
const mergeInputs = schemas/* object */.Ikc({
    [MERGE_INPUT.reports]: schemas/* string */.YjP().transform(value => {
        const lines = value
            .split(/\r?\n/)
            .map(line => line.trim())
            .filter(line => line !== '' && !line.startsWith('#'));
        return lines.length > 0 ? lines : [DEFAULT_REPORTS];
    }),
    [MERGE_INPUT.legs]: legs
});
const mergeConfig = mergeInputs.transform((input) => ({
    reports: input[MERGE_INPUT.reports],
    ...(input[MERGE_INPUT.legs] === undefined ? {} : { legs: input[MERGE_INPUT.legs] })
}));
/** upload/merge's inputs as one config, or an InputError naming every bad input. */
function parseMergeConfig(read) {
    return (0,common/* parseInputs */.TL)(Object.keys(mergeInputs.shape), mergeConfig, read);
}

// EXTERNAL MODULE: ./src/upload/report/schema.ts
var schema = __webpack_require__(7609);
;// CONCATENATED MODULE: ./src/upload/merge/merged.ts

/** Examples kept per group of trouble. */
const EXAMPLES = 3;
/** Whether the whole is done: every file in the library, every leg's report read, of one matrix. */
const isWhole = (merged) => merged.failed === 0 &&
    merged.missing.length === 0 &&
    merged.bad.length === 0 &&
    merged.disagree.length === 0;
/** In the library, or would be (a dry run's `would-upload`): anything else is a failure. */
const isFine = (status) => status === 'uploaded' || status === 'existing' || status === 'would-upload';
const legOf = (report) => report.shard?.index ?? 1;
function troublesOf(files) {
    const groups = new Map();
    for (const file of files) {
        if (isFine(file.status))
            continue;
        const key = `${file.status}|${file.httpStatus}|${file.layer}`;
        const group = groups.get(key) ?? {
            ...{ status: file.status, httpStatus: file.httpStatus, layer: file.layer, count: 0 },
            ...{ legs: [], example: file.message, files: [] }
        };
        groups.set(key, group);
        group.count++;
        if (!group.legs.includes(file.leg))
            group.legs.push(file.leg);
        if (group.files.length < EXAMPLES)
            group.files.push(file.path);
    }
    for (const group of groups.values())
        group.legs.sort((a, b) => a - b);
    return [...groups.values()].sort((a, b) => b.count - a.count);
}
/** The reports in the order they ended: a later one of the same leg tells its latest state. */
const byEnd = (good) => [...good].sort((a, b) => a.report.endedAt.localeCompare(b.report.endedAt));
/** Each leg's files, each path once (a later report's outcome wins), by leg. */
function filesOf(good) {
    const byPath = new Map();
    for (const { report } of byEnd(good))
        for (const file of report.files)
            byPath.set(file.path, { ...file, leg: legOf(report) });
    return [...byPath.values()].sort((a, b) => a.leg - b.leg);
}
function legLines(good, files) {
    const legs = new Map();
    for (const { report } of byEnd(good)) {
        const leg = legOf(report);
        const reports = (legs.get(leg)?.reports ?? 0) + 1;
        const stop = report.stop?.reason ?? null;
        legs.set(leg, {
            leg,
            files: 0,
            inLibrary: 0,
            failed: 0,
            stop,
            reports,
            durationMs: report.durationMs
        });
    }
    for (const file of files) {
        const line = legs.get(file.leg);
        line.files++;
        if (isFine(file.status))
            line.inLibrary++;
        else
            line.failed++;
    }
    return [...legs.values()].sort((a, b) => a.leg - b.leg);
}
/**
 * The whole of a matrix's upload from its legs' reports: every file once, the legs that are
 * missing or unreadable, what went wrong grouped across legs, and the legs to run again.
 */
function mergeReports(good, bad, legs) {
    const counts = new Set(good.map(({ report }) => report.shard?.count ?? 1));
    const expected = legs ?? Math.max(0, ...counts);
    const disagree = counts.size > 1 || (legs !== undefined && counts.size === 1 && !counts.has(legs));
    const files = filesOf(good);
    const lines = legLines(good, files);
    const seen = new Set([...lines.map(line => line.leg), ...bad.flatMap(entry => entry.leg ?? [])]);
    const missing = Array.from({ length: expected }, (_, i) => i + 1).filter(leg => !seen.has(leg));
    const statusCounts = Object.fromEntries(schema/* REPORT_STATUSES */.MM.map(status => [status, 0]));
    for (const file of files)
        statusCounts[file.status]++;
    const inLibrary = statusCounts.uploaded + statusCounts.existing;
    const failed = files.filter(file => !isFine(file.status)).length;
    const rerun = new Set([
        ...lines.filter(line => line.failed > 0).map(line => line.leg),
        ...missing,
        ...bad.flatMap(entry => entry.leg ?? [])
    ]);
    return {
        expected,
        legs: lines,
        missing,
        bad,
        disagree: disagree
            ? [...new Set([...counts, legs ?? 0])].filter(Boolean).sort((a, b) => a - b)
            : [],
        files,
        counts: statusCounts,
        inLibrary,
        failed,
        troubles: troublesOf(files),
        rerun: [...rerun].sort((a, b) => a - b)
    };
}

// EXTERNAL MODULE: ./src/log/duration.ts
var duration = __webpack_require__(7316);
// EXTERNAL MODULE: ./src/summary/html.ts
var html = __webpack_require__(1479);
;// CONCATENATED MODULE: ./src/upload/merge/merge-summary.ts




/** Rows shown at most: with 10,000 files the summary stays far under GitHub's 1 MiB. */
const MAX_TROUBLES = 50;
const MAX_FILE_ROWS = 200;
const MAX_BAD_REPORTS = 50;
/** Legs named at most in a sentence. */
const MAX_NAMED_LEGS = 20;
/** 1,204: thousands grouped, as the lead is read at a glance. */
const n = (value) => value.toLocaleString('en-US');
/** `leg 3`, `legs 3 and 17`, `legs 1, 2 and 5`, `legs 1, 2, … and 12 more`. */
function legsPhrase(legs) {
    if (legs.length === 1)
        return `leg ${legs[0]}`;
    const named = legs.slice(0, MAX_NAMED_LEGS).map(String);
    const more = legs.length - named.length;
    if (more > 0)
        return `legs ${named.join(', ')} and ${n(more)} more`;
    return `legs ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}
/** The whole in one sentence: how many files are in the library, which legs to run again. */
function leadLine(merged) {
    const { inLibrary, failed, missing, bad, rerun } = merged;
    const total = merged.files.length;
    // Legs that sent no report may have sent files too: the count is of the reports read.
    const named = missing.length + bad.length > 0 ? ' named in the reports read' : '';
    const parts = [
        `${n(inLibrary)} of ${n(total)} ${total === 1 ? 'file' : 'files'}${named} ${total === 1 ? 'is' : 'are'} in the library`
    ];
    const failedLegs = merged.legs.filter(leg => leg.failed > 0).map(leg => leg.leg);
    if (failed > 0)
        parts.push(`${n(failed)} failed, in ${legsPhrase(failedLegs)}`);
    if (missing.length > 0)
        parts.push(`no report from ${legsPhrase(missing)}`);
    if (bad.length > 0)
        parts.push(`${(0,words/* counted */.h)(bad.length, 'report')} could not be read`);
    if (merged.disagree.length > 0)
        parts.push(`the reports are of different matrices (${merged.disagree.join(', ')} legs)`);
    const sentence = parts.join('; ');
    if (rerun.length === 0)
        return `${sentence}.`;
    const onlyFailed = missing.length === 0 && bad.length === 0;
    const those = rerun.length === 1 ? 'that leg' : 'those legs';
    return `${sentence} — re-run ${onlyFailed ? those : legsPhrase(rerun)}.`;
}
/** `failed · HTTP 500 from the origin`: what a group of files met. */
function troubleName(trouble) {
    const answer = trouble.httpStatus === null ? '' : ` · HTTP ${trouble.httpStatus}`;
    const from = trouble.layer
        ? ` from ${trouble.layer === 'cdn' ? 'the CDN' : `the ${trouble.layer}`}`
        : '';
    return `${trouble.status}${answer}${from}`;
}
function renderTroubles(merged) {
    if (merged.troubles.length === 0)
        return undefined;
    const shown = merged.troubles.slice(0, MAX_TROUBLES);
    const rows = shown.map(trouble => [
        (0,html/* inline */.mG)(troubleName(trouble)),
        n(trouble.count),
        (0,html/* inline */.mG)(legsPhrase(trouble.legs), 300),
        [
            trouble.files.map(file => `<code>${(0,html/* inline */.mG)(file, 120)}</code>`).join(', '),
            trouble.example ? `: ${(0,html/* inline */.mG)(trouble.example, 300)}` : ''
        ].join('')
    ]);
    const left = merged.troubles.length - shown.length;
    const more = left > 0 ? `<p>… and ${(0,words/* counted */.h)(left, 'more kind')} of failure.</p>` : '';
    return `<h3>What went wrong, across legs</h3>\n${(0,html/* table */.tp)(rows, ['What', 'Files', 'Legs', 'For example'])}${more}`;
}
function renderLegs(merged) {
    if (merged.legs.length === 0 && merged.missing.length === 0)
        return undefined;
    const found = merged.legs.map(leg => ({
        leg: leg.leg,
        cells: [
            n(leg.files),
            n(leg.inLibrary),
            leg.failed ? `❌ ${n(leg.failed)}` : '0',
            (0,duration/* formatDuration */.a)(leg.durationMs),
            (0,html/* inline */.mG)(leg.stop ?? '', 300)
        ]
    }));
    const missing = merged.missing.map(leg => ({
        leg,
        cells: [
            '—',
            '—',
            '—',
            '—',
            '❌ no report: the leg did not finish, or its artifact was not uploaded'
        ]
    }));
    const rows = [...found, ...missing]
        .sort((a, b) => a.leg - b.leg)
        .map(row => [String(row.leg), ...row.cells]);
    return `<h3>Legs</h3>\n${(0,html/* table */.tp)(rows, ['Leg', 'Files', 'In the library', 'Failed', 'Took', 'Stopped'])}`;
}
function renderBadReports(merged) {
    if (merged.bad.length === 0)
        return undefined;
    const items = merged.bad
        .slice(0, MAX_BAD_REPORTS)
        .map(bad => `<li>${bad.leg ? `leg ${bad.leg}: ` : ''}<code>${(0,html/* inline */.mG)(bad.file, 300)}</code>: ${(0,html/* inline */.mG)(bad.why, 300)}</li>`);
    const left = merged.bad.length - items.length;
    if (left > 0)
        items.push(`<li>… and ${(0,words/* counted */.h)(left, 'more')}</li>`);
    return `<p>❌ Not counted, as they could not be read:</p><ul>${items.join('')}</ul>`;
}
function renderFailedFiles(merged) {
    const failed = merged.files.filter(file => !isFine(file.status));
    if (failed.length === 0)
        return undefined;
    const rows = failed
        .slice(0, MAX_FILE_ROWS)
        .map(file => [
        String(file.leg),
        `<code>${(0,html/* inline */.mG)(file.path, 200)}</code>`,
        (0,html/* inline */.mG)(file.status),
        (0,html/* inline */.mG)(file.message ?? '', 300)
    ]);
    const left = failed.length - rows.length;
    const more = left > 0
        ? `<p>… and ${n(left)} more: the <code>media</code> output and the reports list every one.</p>`
        : '';
    return `<details><summary>Files not in the library (${n(merged.failed)})</summary>\n${(0,html/* table */.tp)(rows, ['Leg', 'File', 'Status', 'Why'])}${more}</details>`;
}
/**
 * The one summary of a matrix's upload: the whole first, what went wrong grouped across legs,
 * the legs, and the files not in the library folded, each part capped so 10,000 files fit.
 */
function renderMergeSummary(merged) {
    const ok = isWhole(merged);
    const total = merged.files.length;
    const legs = merged.expected || merged.legs.length;
    const unaccounted = merged.missing.length + merged.bad.length;
    const untold = unaccounted > 0 ? `; ${(0,words/* counted */.h)(unaccounted, 'leg')} not accounted for` : '';
    return (0,html/* lines */.Mn)([
        `<h2>WordPress upload, ${(0,words/* counted */.h)(legs, 'leg')} merged: ${ok ? '✅' : '❌'} ${n(merged.inLibrary)} of ${n(total)} ${total === 1 ? 'file' : 'files'} in the library${untold}</h2>`,
        `<p>${(0,html/* inline */.mG)(leadLine(merged), 2000)}</p>`,
        renderBadReports(merged),
        renderTroubles(merged),
        renderLegs(merged),
        renderFailedFiles(merged)
    ]);
}

// EXTERNAL MODULE: ./src/upload/files/files.ts + 1 modules
var files = __webpack_require__(8461);
;// CONCATENATED MODULE: ./src/upload/merge/read-reports.ts





const GLOB_CHARACTERS = /[*?[\]{}]/;
/** A report far larger than 10,000 files make is not one: not read whole into memory. */
const MAX_REPORT_BYTES = 256 * 1024 * 1024;
/** Every .json file under `dir`, at any depth (download-artifact may keep one folder a leg). */
async function jsonFilesUnder(dir) {
    const entries = await (0,promises_.readdir)(dir, { recursive: true, withFileTypes: true });
    return entries
        .filter(entry => entry.isFile() && entry.name.endsWith('.json'))
        .map(entry => external_node_path_default().join(entry.parentPath, entry.name));
}
/**
 * The report files `reports` names: each line a folder (its .json files), a file, or a glob
 * pattern, relative to the workspace; in natural order, each once.
 */
async function findReportFiles(patterns, workspace) {
    const found = [];
    const globs = [];
    for (const pattern of patterns) {
        const where = external_node_path_default().resolve(workspace, pattern);
        if (GLOB_CHARACTERS.test(pattern)) {
            globs.push(where);
            continue;
        }
        const info = await (0,promises_.stat)(where).catch(() => undefined);
        if (info?.isDirectory())
            found.push(...(await jsonFilesUnder(where)));
        else if (info)
            found.push(where);
    }
    if (globs.length > 0) {
        const { create } = await __webpack_require__.e(/* import() */ 377).then(__webpack_require__.bind(__webpack_require__, 2377));
        const globber = await create(globs.join('\n'), { matchDirectories: false });
        found.push(...(await globber.glob()));
    }
    return [...new Set(found)].sort(files/* naturalOrder */.uz);
}
/** The leg a report's file name gives (`…-leg-3-of-40.json`), for a report that cannot be read. */
function legOfName(file) {
    const match = /-leg-(\d{1,3})-of-\d{1,3}(?:-\d{1,3})?\.json$/.exec(external_node_path_default().basename(file));
    return match ? Number(match[1]) : undefined;
}
/** Why a file's text is not a report of ours, in words; undefined when it is one. */
function problemOf(text) {
    let json;
    try {
        json = JSON.parse(text);
    }
    catch (error) {
        return { why: `not JSON (${error instanceof Error ? error.message : String(error)})` };
    }
    const parsed = schema/* legReportSchema */.cI.safeParse(json);
    if (parsed.success)
        return { report: parsed.data };
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `at ${issue.path.join('.')}` : 'at its top';
    return { why: `not a report this action wrote: ${where}, ${issue.message}` };
}
/** Reads and checks every report; a bad one is named with why, never counted. */
async function readReports(files, workspace) {
    const read = await Promise.all(files.map(async (where) => {
        const inside = external_node_path_default().relative(workspace, where);
        // Named as the user wrote `reports`: relative to the workspace, unless it lies outside.
        const file = inside.startsWith('..') || external_node_path_default().isAbsolute(inside) ? where : inside;
        const leg = legOfName(file);
        const named = (why) => ({ file, why, ...(leg ? { leg } : {}) });
        try {
            const { size } = await (0,promises_.stat)(where);
            if (size > MAX_REPORT_BYTES)
                return named(`larger than any report (${size} bytes)`);
            const checked = problemOf(await (0,promises_.readFile)(where, 'utf8'));
            return 'report' in checked ? { file, report: checked.report } : named(checked.why);
        }
        catch (error) {
            return named(`unreadable (${error.code ?? String(error)})`);
        }
    }));
    return {
        good: read.filter((entry) => 'report' in entry),
        bad: read.filter((entry) => 'why' in entry)
    };
}
/** Said when `reports` named no file at all. */
function noReportsMessage(patterns, workspace) {
    return `Input "${MERGE_INPUT.reports}" expected report files (a folder of them, or glob patterns), but found none in ${workspace}: ${patterns.map(p => JSON.stringify(p)).join(', ')}. Did the legs upload their report-file as artifacts, and did actions/download-artifact put them there (path:, pattern:, merge-multiple: true)?`;
}

;// CONCATENATED MODULE: ./src/upload/merge/merge-mode.ts










/**
 * The most an output may hold here: GitHub keeps 1 MiB of a job's outputs, and a larger `media`
 * goes to a file (`media-file`) instead.
 */
const MAX_OUTPUT_BYTES = 1024 * 1024;
/** The `media` output of the whole: one entry per file, with the leg that sent it. */
function mergedMedia(merged) {
    return (0,output/* jsonOutput */.W)(merged.files.map(file => ({
        leg: file.leg,
        file: file.path,
        id: file.mediaId,
        url: file.url,
        status: file.status,
        attempts: file.attempts
    })));
}
/** `media` as an output when it fits one, else as a file under the runner's temp folder. */
async function setMedia(media, workspace) {
    if (Buffer.byteLength(media) <= MAX_OUTPUT_BYTES) {
        (0,output/* setOutput */.u)(MERGE_OUTPUT.media, media);
        (0,output/* setOutput */.u)(MERGE_OUTPUT.mediaFile, '');
        return;
    }
    const folder = process.env.RUNNER_TEMP || workspace;
    const file = external_node_path_default().join(folder, 'wordpress-upload-media.json');
    await (0,promises_.mkdir)(folder, { recursive: true });
    await (0,promises_.writeFile)(file, media);
    (0,output/* setOutput */.u)(MERGE_OUTPUT.media, '');
    (0,output/* setOutput */.u)(MERGE_OUTPUT.mediaFile, file);
    log/* log */.R.info(`The media list is larger than an output holds: it is in ${file} (media-file).`);
}
/**
 * upload/merge: reads the reports of a matrix's legs, sets the combined outputs, writes one
 * summary, and fails the step when a file failed, or a leg's report is missing or unreadable.
 */
async function runMergeMode(read, workspace) {
    const config = parseMergeConfig(read);
    const files = await findReportFiles(config.reports, workspace);
    if (files.length === 0)
        throw new Error(noReportsMessage(config.reports, workspace));
    log/* log */.R.info(`${(0,words/* counted */.h)(files.length, 'report')} found.`);
    const { good, bad } = await readReports(files, workspace);
    for (const entry of bad)
        log/* log */.R.warning(`${entry.file} is ${entry.why}.`, 'Report not counted');
    const merged = mergeReports(good, bad, config.legs);
    (0,output/* setOutput */.u)(MERGE_OUTPUT.fileCount, merged.files.length);
    (0,output/* setOutput */.u)(MERGE_OUTPUT.uploadedCount, merged.counts.uploaded);
    (0,output/* setOutput */.u)(MERGE_OUTPUT.existingCount, merged.counts.existing);
    (0,output/* setOutput */.u)(MERGE_OUTPUT.failedCount, merged.failed);
    (0,output/* setOutput */.u)(MERGE_OUTPUT.rerunLegs, JSON.stringify(merged.rerun));
    await setMedia(mergedMedia(merged), workspace);
    const lead = leadLine(merged);
    if (!isWhole(merged))
        log/* log */.R.fail(lead, 'Upload incomplete');
    else
        log/* log */.R.info(lead);
    await (0,write/* writeSummary */.Sy)(renderMergeSummary(merged));
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
