export const id = 525;
export const ids = [525];
export const modules = {

/***/ 7525:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runUploadMode: () => (/* binding */ runUploadMode)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 16 modules
var core = __webpack_require__(8179);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: ./src/config/inputs.ts
var inputs = __webpack_require__(4389);
// EXTERNAL MODULE: ./src/summary/diagnosis-block.ts
var diagnosis_block = __webpack_require__(8981);
// EXTERNAL MODULE: ./src/summary/escape.ts
var summary_escape = __webpack_require__(7125);
;// CONCATENATED MODULE: ./src/summary/upload-summary.ts


/** Rows beyond this are counted, not listed: the summary must stay far below GitHub's 1 MiB. */
const MAX_FILE_ROWS = 500;
const STATUS_TEXT = {
    uploaded: '✅ uploaded',
    failed: '❌ failed',
    blocked: '⛔ blocked',
    'not-attempted': '⏭️ not attempted'
};
function formatBytes(bytes) {
    const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit++;
    }
    return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}
function countByStatus(files) {
    const counts = { uploaded: 0, failed: 0, blocked: 0, 'not-attempted': 0 };
    for (const file of files)
        counts[file.status]++;
    return counts;
}
function headline(files) {
    const counts = countByStatus(files);
    if (counts.uploaded === files.length)
        return `✅ ${files.length} of ${files.length} file(s) uploaded`;
    const parts = [`${counts.uploaded} of ${files.length} uploaded`];
    if (counts.blocked)
        parts.push(`${counts.blocked} blocked`);
    if (counts.failed)
        parts.push(`${counts.failed} failed`);
    if (counts['not-attempted'])
        parts.push(`${counts['not-attempted']} not attempted`);
    return `❌ ${parts.join(', ')}`;
}
function mediaCell(file) {
    if (file.id === undefined)
        return file.message ? (0,summary_escape/* inline */.mG)(file.message, 300) : '';
    const id = `#${file.id}`;
    return file.url ? `<a href="${(0,summary_escape/* escapeHtml */.ZD)(file.url)}">${id}</a>` : id;
}
function row(file) {
    return [
        `<code>${(0,summary_escape/* inline */.mG)(file.file)}</code>`,
        formatBytes(file.size),
        STATUS_TEXT[file.status] + (file.httpStatus ? ` (HTTP ${file.httpStatus})` : ''),
        String(file.attempts),
        mediaCell(file),
        file.verdict ? (0,summary_escape/* escapeHtml */.ZD)((0,diagnosis_block/* layerName */.H)(file.verdict)) : ''
    ];
}
/** The job summary section of one upload run. */
function renderUploadSummary(input) {
    const { files, preflight, report } = input;
    const sections = [
        `<h2>WordPress upload: ${headline(files)}</h2>`,
        `<p>Target: <code>${(0,summary_escape/* inline */.mG)(input.target)}</code> · Preflight: ${preflight ? (preflight.ok ? 'passed' : 'failed') : 'skipped'}</p>`
    ];
    if (preflight?.warning)
        sections.push(`<p>⚠️ ${(0,summary_escape/* prose */.CS)(preflight.warning)}</p>`);
    if (preflight && !preflight.ok)
        sections.push(`<p>${(0,summary_escape/* inline */.mG)(preflight.message, 600)}</p>`);
    const shown = files.slice(0, MAX_FILE_ROWS);
    sections.push((0,summary_escape/* table */.tp)(['File', 'Size', 'Status', 'Attempts', 'Media', 'Answered by'], shown.map(row)));
    if (files.length > shown.length) {
        const rest = countByStatus(files.slice(MAX_FILE_ROWS));
        const parts = Object.entries(rest)
            .filter(([, n]) => n > 0)
            .map(([status, n]) => `${n} ${status}`);
        sections.push(`<p>… and ${files.length - shown.length} more file(s) (${parts.join(', ')}): the <code>media</code> output lists every one.</p>`);
    }
    if (report?.stopReason)
        sections.push(`<p><strong>Stopped:</strong> ${(0,summary_escape/* inline */.mG)(report.stopReason, 600)}</p>`);
    const failed = files.some(file => file.status !== 'uploaded');
    const verdict = preflight && !preflight.ok ? preflight.verdict : report?.verdict;
    if (failed && verdict)
        sections.push((0,diagnosis_block/* renderDiagnosis */.s)(verdict));
    return sections.join('\n');
}

// EXTERNAL MODULE: ./src/summary/write.ts
var write = __webpack_require__(6063);
// EXTERNAL MODULE: external "node:fs/promises"
var external_node_fs_promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./node_modules/mime-types/index.js
var mime_types = __webpack_require__(4096);
;// CONCATENATED MODULE: ./src/upload/media-type.ts

const UNKNOWN_MEDIA_TYPE = 'application/octet-stream';
/** The media type WordPress will check the file against, from its extension. */
function mediaTypeOf(fileName) {
    return (0,mime_types.lookup)(fileName) || UNKNOWN_MEDIA_TYPE;
}

;// CONCATENATED MODULE: ./src/upload/files.ts



class NoFilesError extends Error {
    name = 'NoFilesError';
}
/** Resolves the `files` patterns to regular files, in a stable order, each once. */
async function findFiles(patterns, workspace) {
    const { create } = await __webpack_require__.e(/* import() */ 377).then(__webpack_require__.bind(__webpack_require__, 2377));
    const globber = await create(patterns.join('\n'), { matchDirectories: false });
    const paths = [...new Set(await globber.glob())].sort();
    if (paths.length === 0) {
        throw new NoFilesError(`Input "files" expected glob patterns that match at least one file, but none matched in ${workspace}: ${patterns.map(p => JSON.stringify(p)).join(', ')}.`);
    }
    return Promise.all(paths.map(async (file) => {
        const relative = external_node_path_default().relative(workspace, file);
        return {
            path: file,
            display: relative.startsWith('..') ? file : relative,
            // A file that vanished since matching is reported when its turn comes, not here.
            size: await (0,external_node_fs_promises_.stat)(file).then(info => info.size, () => 0),
            mediaType: mediaTypeOf(file)
        };
    }));
}

// EXTERNAL MODULE: ./src/http/basic-auth.ts
var basic_auth = __webpack_require__(9045);
// EXTERNAL MODULE: ./src/http/agent.ts
var http_agent = __webpack_require__(6117);
// EXTERNAL MODULE: ./src/http/endpoint.ts
var endpoint = __webpack_require__(9691);
// EXTERNAL MODULE: ./src/http/request.ts + 1 modules
var request = __webpack_require__(6893);
;// CONCATENATED MODULE: ./src/upload/content-disposition.ts

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

;// CONCATENATED MODULE: ./src/upload/media-api.ts




function mediaApi(config, authorization) {
    const mediaUrl = (0,endpoint/* endpoint */.s)(config.baseUrl, config.apiPath, 'media');
    const settingsUrl = (0,endpoint/* endpoint */.s)(config.baseUrl, config.apiPath, 'settings');
    // One connection, reused file after file: a TLS handshake per file would dominate small files.
    const agent = (0,http_agent/* keepAliveAgent */.U)(mediaUrl, 1);
    const headers = {
        Authorization: authorization,
        Accept: 'application/json',
        'User-Agent': endpoint/* USER_AGENT */._
    };
    return {
        mediaUrl,
        settingsUrl,
        getSettings: () => (0,request/* send */.tN)({ method: 'GET', url: settingsUrl, headers, timeoutMs: config.timeoutMs, agent }),
        postFile: file => (0,request/* send */.tN)({
            method: 'POST',
            url: mediaUrl,
            headers: {
                ...headers,
                'Content-Type': file.mediaType,
                'Content-Disposition': contentDisposition(file.display),
                'Content-Length': file.size
            },
            body: { path: file.path, size: file.size },
            timeoutMs: config.timeoutMs,
            agent
        }),
        close: () => agent.destroy()
    };
}

// EXTERNAL MODULE: ./src/diagnosis/index.ts + 7 modules
var diagnosis = __webpack_require__(8315);
;// CONCATENATED MODULE: ./src/upload/preflight.ts

/** `GET {api-path}/settings`: is the REST API there, and does it accept these credentials? */
async function preflight(api, context) {
    const result = await api.getSettings();
    const where = `${api.settingsUrl.host}${api.settingsUrl.pathname}`;
    if ('failure' in result) {
        const verdict = (0,diagnosis/* diagnose */.h4)({ error: result.failure }, { ...context, method: 'GET' });
        return {
            ok: false,
            message: `Preflight GET ${where} got no answer: ${result.failure.message}.`,
            verdict
        };
    }
    const { status } = result.response;
    const verdict = (0,diagnosis/* diagnose */.h4)({ response: result.response }, { ...context, method: 'GET' });
    if (status === 200) {
        return {
            ok: true,
            status,
            message: `Preflight GET ${where}: the REST API answered and accepted the credentials.`,
            verdict
        };
    }
    if (status === 403 && verdict.layer === 'origin') {
        // Reading settings takes an administrator; uploading only needs upload_files.
        return {
            ok: true,
            status,
            message: `Preflight GET ${where}: the credentials were accepted, but this user may not read settings.`,
            warning: 'The user is not an administrator, so the preflight could not fully check the API; uploads need only the upload_files capability (Author role and up).',
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

// EXTERNAL MODULE: ./src/retry/schedule.ts
var schedule = __webpack_require__(5493);
;// CONCATENATED MODULE: ./src/upload/upload.ts




function parseMedia(body) {
    try {
        const parsed = JSON.parse(body);
        return typeof parsed?.id === 'number'
            ? { id: parsed.id, source_url: parsed.source_url }
            : undefined;
    }
    catch {
        return undefined;
    }
}
function serverMessage(response, verdict) {
    try {
        const { message, code } = JSON.parse(response.body);
        if (typeof message === 'string')
            return typeof code === 'string' ? `${message} (${code})` : message;
    }
    catch {
        // Not JSON: a proxy's or CDN's page; the diagnosis describes it.
    }
    return verdict.blocked
        ? `refused by the CDN${verdict.edgeNode ? ` (edge ${verdict.edgeNode})` : ''} before reaching the server`
        : `HTTP ${response.status}`;
}
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
/** How the diagnosis sees an upload run's answers. */
function uploadContext(config, api) {
    return { service: 'content', method: 'POST', apiPath: config.apiPath, host: api.mediaUrl.host };
}
/** Answers after which sending more files would only repeat the failure (or lock the account). */
const STOPPING_STATUSES = new Set([401, 403, 405]);
async function unreadable(file) {
    try {
        await (await (0,external_node_fs_promises_.open)(file.path, 'r')).close();
        return undefined;
    }
    catch (error) {
        return error.code ?? String(error);
    }
}
/**
 * Uploads the files one by one under spec §7.2's retry policy. Every file ends with an outcome:
 * after a stopping failure the rest are reported as not attempted, never silently dropped.
 */
async function uploadFiles(files, config, deps) {
    const context = uploadContext(config, deps.api);
    const outcomes = [];
    let stopReason;
    let deciding;
    let lastFailure;
    for (const [index, file] of files.entries()) {
        const outcome = await uploadOne(file);
        outcomes.push(outcome);
        if (outcome.verdict)
            deciding = outcome.verdict;
        if (outcome.status !== 'uploaded' && outcome.verdict)
            lastFailure = outcome.verdict;
        if (outcome.status === 'blocked' || STOPPING_STATUSES.has(outcome.httpStatus ?? 0)) {
            stopReason = `${outcome.file} ${outcome.status === 'blocked' ? 'was still blocked' : 'was refused'} after ${outcome.attempts} attempt(s); the ${files.length - index - 1} remaining file(s) were not sent.`;
            const why = 'not sent: an earlier file met a failure that would repeat';
            outcomes.push(...files.slice(index + 1).map(rest => notAttempted(rest, why)));
            deciding = outcome.verdict;
            break;
        }
    }
    return { files: outcomes, stopReason, verdict: stopReason ? deciding : (lastFailure ?? deciding) };
    async function uploadOne(file) {
        const base = { file: file.display, size: file.size, mediaType: file.mediaType };
        const cannotRead = await unreadable(file);
        if (cannotRead) {
            return {
                ...base,
                status: 'failed',
                attempts: 0,
                message: `could not be read (${cannotRead}); nothing was sent`
            };
        }
        for (let attempt = 1;; attempt++) {
            deps.log(`${file.display}: POST ${attempt}/${config.maxAttempts}`);
            const result = await deps.api.postFile(file);
            const last = attempt >= config.maxAttempts;
            if ('failure' in result) {
                const { failure } = result;
                const verdict = (0,diagnosis/* diagnose */.h4)({ error: failure }, context);
                if (!failure.mayHaveReachedServer && !failure.permanent && !last) {
                    await pause(attempt);
                    continue;
                }
                // A POST that may have been stored is never sent again: that could make a duplicate.
                const message = failure.mayHaveReachedServer
                    ? `no answer (${failure.message}); it may have been stored: check the media library before sending it again`
                    : `no connection (${failure.message})`;
                return { ...base, status: 'failed', attempts: attempt, message, verdict };
            }
            const { response } = result;
            const verdict = (0,diagnosis/* diagnose */.h4)({ response }, context);
            const status = response.status;
            if (status === 201 || (status >= 200 && status < 300)) {
                const media = parseMedia(response.body);
                if (media) {
                    return {
                        ...base,
                        status: 'uploaded',
                        attempts: attempt,
                        id: media.id,
                        url: media.source_url,
                        httpStatus: status,
                        verdict
                    };
                }
                return {
                    ...base,
                    status: 'failed',
                    attempts: attempt,
                    httpStatus: status,
                    message: `HTTP ${status} without a media id: the upload was not proven stored`,
                    verdict
                };
            }
            if (status === 405 && !last) {
                deps.log(`${file.display}: HTTP 405 (${verdict.headline})`);
                await pause(attempt);
                continue;
            }
            if (status === 429 && !last) {
                const wait = (0,schedule/* retryAfterMs */.Vs)((0,request/* headerValue */.Z)(response, 'retry-after'), deps.now());
                if (wait === undefined || wait <= schedule/* MAX_RETRY_AFTER_MS */.yL) {
                    await pause(attempt, wait);
                    continue;
                }
            }
            return {
                ...base,
                status: status === 405 && verdict.blocked ? 'blocked' : 'failed',
                attempts: attempt,
                httpStatus: status,
                message: serverMessage(response, verdict),
                verdict
            };
        }
    }
    async function pause(attempt, retryAfter) {
        const wait = retryAfter ?? (0,schedule/* backoffDelayMs */.Q4)(attempt, schedule/* CDN_BLOCK_BACKOFF */.Zm, deps.random);
        deps.log(`Waiting ${(wait / 1000).toFixed(1)} s before attempt ${attempt + 1}.`);
        await deps.sleep(wait);
    }
}

;// CONCATENATED MODULE: ./src/upload/mode.ts










function maskCredentials(config) {
    const authorization = (0,basic_auth/* basicAuthorization */.a)(config.username, config.appPassword);
    // WordPress accepts the password with or without its spaces; hide both, and the header form.
    core/* setSecret */.Pq(config.appPassword.replace(/\s+/g, ''));
    core/* setSecret */.Pq(authorization.slice('Basic '.length));
    return authorization;
}
/** Upload mode end to end: match files, preflight, upload, outputs and summary. */
async function runUploadMode(config, workspace) {
    const api = mediaApi(config, maskCredentials(config));
    let files = [];
    let checked;
    let report;
    const local = await findFiles(config.patterns, workspace);
    core/* info */.pq(`${local.length} file(s) to upload to ${api.mediaUrl.host}${api.mediaUrl.pathname}.`);
    try {
        if (config.preflight) {
            checked = await core/* group */.Os('Preflight', async () => {
                const result = await preflight(api, uploadContext(config, api));
                core/* info */.pq(result.message);
                if (result.warning)
                    core/* warning */.$e(result.warning);
                return result;
            });
        }
        if (checked && !checked.ok) {
            files = local.map(file => notAttempted(file, 'not sent: the preflight check failed'));
            core/* setOutput */.uH(inputs/* OUTPUT */.aQ.diagnosis, checked.verdict.layer);
            if (checked.verdict.edgeNode)
                core/* setOutput */.uH(inputs/* OUTPUT */.aQ.edgeNode, checked.verdict.edgeNode);
            core/* setFailed */.C1(`${checked.message}\n${checked.verdict.remedies.join('\n')}`);
            return;
        }
        report = await core/* group */.Os('Upload', () => uploadFiles(local, config, {
            api,
            sleep: ms => (0,promises_.setTimeout)(ms),
            now: () => new Date(),
            random: Math.random,
            log: m => core/* info */.pq(m)
        }));
        files = report.files;
        const verdict = report.verdict;
        if (verdict) {
            core/* setOutput */.uH(inputs/* OUTPUT */.aQ.diagnosis, verdict.layer);
            if (verdict.edgeNode)
                core/* setOutput */.uH(inputs/* OUTPUT */.aQ.edgeNode, verdict.edgeNode);
        }
        const counts = countByStatus(files);
        if (counts.uploaded < files.length) {
            const failures = files.filter(file => file.status !== 'uploaded');
            const lines = failures
                .slice(0, 20)
                .map(file => `- ${file.file}: ${file.status}${file.message ? ` (${file.message})` : ''}`);
            if (failures.length > lines.length)
                lines.push(`- … and ${failures.length - lines.length} more`);
            core/* setFailed */.C1([
                `${failures.length} of ${files.length} file(s) were not uploaded.`,
                ...lines,
                report.stopReason,
                verdict?.headline
            ]
                .filter(Boolean)
                .join('\n'));
        }
        else {
            core/* info */.pq(`All ${files.length} file(s) uploaded.`);
        }
    }
    finally {
        api.close();
        if (files.length === 0) {
            files = local.map(file => notAttempted(file, 'not sent: the run stopped on an error'));
        }
        const counts = countByStatus(files);
        core/* setOutput */.uH(inputs/* OUTPUT */.aQ.media, JSON.stringify(files.map(({ file, id, url, status, attempts }) => ({
            file,
            id: id ?? null,
            url: url ?? null,
            status,
            attempts
        }))));
        core/* setOutput */.uH(inputs/* OUTPUT */.aQ.uploadedCount, counts.uploaded);
        core/* setOutput */.uH(inputs/* OUTPUT */.aQ.failedCount, files.length - counts.uploaded);
        await (0,write/* writeSummary */.S)(renderUploadSummary({
            target: `${api.mediaUrl.host}${api.mediaUrl.pathname}`,
            preflight: checked,
            report,
            files
        }));
    }
}


/***/ })

};
