#!/usr/bin/env bash
# A real WordPress (PHP-FPM + MariaDB) behind a real nginx origin, and two nginx "CDNs" in
# front of it, all on 127.0.0.1 and all state under $E2E_STATE.
#
#   e2e/stack.sh up          install missing Debian packages, start everything, write stack.env
#   e2e/stack.sh down        stop everything by the PIDs in the pid files (safe to repeat)
#   e2e/stack.sh reset-cdn   restart the blocking CDN so its POST counter starts again
#                            (CDN_PASS_POSTS=N for this reset; else the value used at 'up')
#   e2e/stack.sh status      show which daemons are alive
#
# Environment: E2E_STATE (default <repo>/.e2e-state), CDN_PASS_POSTS (default 2),
# E2E_PHP_WORKERS (PHP-FPM workers of the WordPress pool, default 4), SANDBOX_PORT (proxy /api/
# there and start nothing), E2E_SANDBOX=0 (do not start the sandbox), E2E_SANDBOX_ARGS (extra
# options for sandbox/cli.ts), E2E_AIRFLOW=3.3|2.10|0 (which real Airflow of e2e/airflow/ to start:
# 3.3 by default, 0 for none),
# E2E_AIRFLOW_JWT_SECONDS (its tokens' lifetime), E2E_AIRFLOW_REINSTALL=1 (rebuild its venv),
# E2E_WORDPRESS=7.1|6.8|6.1 (which WordPress: 7.1 by default; see e2e/wordpress.sh).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(dirname "$HERE")
STATE=${E2E_STATE:-$REPO/.e2e-state}
mkdir -p "$STATE"
STATE=$(cd "$STATE" && pwd)

RUN=$STATE/run
LOGS=$STATE/logs
FLAGS=$STATE/flags
NGX=$STATE/nginx
ENV_FILE=$STATE/stack.env
MARKER=$STATE/.e2e-stack
HEADERS_MORE=/usr/lib/nginx/modules/ngx_http_headers_more_filter_module.so
# Bookworm's installed package (E2E_WORDPRESS=6.1); wordpress_prepare points it at another.
WP_ROOT=/usr/share/wordpress
TLS=$STATE/tls
# Debian's wp-config.php loads /etc/wordpress/config-<WORDPRESS_CONFIG>.php when the server passes
# that variable, else config-<Host>.php: a name of this state folder's own keeps two stacks on one
# machine (both on 127.0.0.1) from loading each other's config.
WP_CONFIG_NAME=e2e-$(printf %s "$STATE" | md5sum | cut -c1-12)
WP_STUB=/etc/wordpress/config-$WP_CONFIG_NAME.php
CDN_NAME=hcdn
BLOCK_EDGE=edge-e2e-1
PASS_EDGE=edge-e2e-2
LIMIT_EDGE=edge-e2e-3
# Shared hosting's limits (ORIGIN_HOSTING_URL, CDN_LIMIT_URL); see e2e/README.md for what each gives.
HOSTING_MEMORY=40M
STARVED_MEMORY=24M
ORIGIN_BODY_LIMIT=32m
CDN_BODY_LIMIT=16m
# ORIGIN_CAPPED_URL: requests at once above this get 508, as CloudLinux's entry-process limit does.
CAPPED_AT_ONCE=2

if [ "$(id -u)" = 0 ]; then SUDO=(); else SUDO=(sudo); fi

log() { printf '[stack] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
now_ms() { date +%s%3N; }

# Unix socket paths are limited to 108 bytes; a deep checkout would overflow them.
socket_dir() {
  if [ ${#RUN} -le 80 ]; then
    echo "$RUN"
  else
    echo "/tmp/e2e-sock-$(printf %s "$STATE" | md5sum | cut -c1-12)"
  fi
}
SOCKS=$(socket_dir)

env_get() { [ -f "$ENV_FILE" ] && sed -n "s/^$1=//p" "$ENV_FILE" | tail -n1; }

# ---------------------------------------------------------------- processes

# A killed daemon can stay a zombie until its parent reaps it: read the state, not kill -0.
pid_alive() {
  local st
  st=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
  [ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}

# The PID must still belong to the process we started (PIDs get reused).
pid_matches() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -qF -- "$2"; }

stop_pidfile() {
  local file=$1 expect=$2 group=${3:-} pid i
  [ -f "$file" ] || return 0
  pid=$(tr -dc 0-9 <"$file")
  if [ -n "$pid" ] && pid_alive "$pid" && pid_matches "$pid" "$expect"; then
    if [ -n "$group" ]; then kill -TERM -- "-$pid" 2>/dev/null || true; else kill -TERM "$pid" 2>/dev/null || true; fi
    for ((i = 0; i < 500; i++)); do pid_alive "$pid" || break; sleep 0.02; done
    if pid_alive "$pid"; then
      log "pid $pid ($(basename "$file")) ignored TERM; killing"
      if [ -n "$group" ]; then kill -KILL -- "-$pid" 2>/dev/null || true; else kill -KILL "$pid" 2>/dev/null || true; fi
    fi
  fi
  rm -f "$file"
}

wait_for() { # seconds description command...
  local limit=$1 what=$2 i
  shift 2
  for ((i = 0; i < limit * 50; i++)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.02
  done
  die "timed out after ${limit}s waiting for $what"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_ports() { # count → that many distinct free loopback ports
  node -e '
    const net = require("net"); const n = +process.argv[1]; const servers = []
    for (let i = 0; i < n; i++) {
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        servers.push(s)
        if (servers.length === n) {
          console.log(servers.map(v => v.address().port).join(" "))
          servers.forEach(v => v.close())
        }
      })
    }' "$1"
}

# A real Airflow: airflow_* functions.
# shellcheck source=e2e/airflow/airflow.sh
source "$HERE/airflow/airflow.sh"
# WordPress 7.1 and 6.8 from Debian's newer suites: wordpress_* functions.
# shellcheck source=e2e/wordpress.sh
source "$HERE/wordpress.sh"

# ---------------------------------------------------------------- packages

php_fpm_bin() { # the newest versioned php-fpm binary, or nothing
  local f
  for f in /usr/sbin/php-fpm*; do if [[ $f =~ php-fpm[0-9]+\.[0-9]+$ ]]; then echo "$f"; fi; done | sort -V | tail -n1
}

php_complete() { # version → has the CLI and every extension WordPress needs here
  local bin=/usr/bin/php$1 mods
  [ -x "$bin" ] || return 1
  mods=$("$bin" -m 2>/dev/null | tr '[:upper:]' '[:lower:]')
  for m in mysqli gd dom mbstring intl curl; do grep -qx "$m" <<<"$mods" || return 1; done
}

packages_present() {
  local fpm
  fpm=$(php_fpm_bin)
  [ -n "$fpm" ] && php_complete "${fpm#/usr/sbin/php-fpm}" &&
    [ -x /usr/sbin/nginx ] && [ -f "$HEADERS_MORE" ] && [ -f /etc/nginx/mime.types ] &&
    [ -x /usr/sbin/mariadbd ] && command -v mariadb >/dev/null &&
    [ -f /usr/share/wordpress/wp-settings.php ] && [ -f /usr/share/wordpress/wp-config.php ] &&
    command -v curl >/dev/null && command -v openssl >/dev/null &&
    [ -f /usr/share/php/libphp-phpmailer/src/PHPMailer.php ] && [ -f /usr/share/php/getid3/getid3.php ]
}

ensure_packages() {
  packages_present && return 0
  local fpm created_policy=0 rc=0 t0 php_pkgs=()
  t0=$(now_ms)
  fpm=$(php_fpm_bin)
  if [ -n "$fpm" ]; then
    # Match whatever PHP is already there rather than pull in a second version.
    local v=${fpm#/usr/sbin/php-fpm}
    php_pkgs=("php$v-fpm" "php$v" "php$v-cli" "php$v-mysql" "php$v-gd" "php$v-xml" "php$v-mbstring" "php$v-intl" "php$v-curl")
  else
    # fpm is named before php so apt does not satisfy "php" (and wordpress) with Apache's mod_php.
    php_pkgs=(php-fpm php php-cli php-mysql php-gd php-xml php-mbstring php-intl php-curl)
  fi
  log "installing Debian packages (${php_pkgs[*]} nginx … wordpress)"
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    # Keep the packages' maintainer scripts from starting nginx/php-fpm/mariadb system services.
    printf '#!/bin/sh\nexit 101\n' | "${SUDO[@]}" tee /usr/sbin/policy-rc.d >/dev/null
    "${SUDO[@]}" chmod 755 /usr/sbin/policy-rc.d
    created_policy=1
  fi
  # libphp-phpmailer and php-getid3: the newer WordPress packages (wordpress.sh) link to them.
  {
    "${SUDO[@]}" apt-get update -qq &&
      "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        -o DPkg::Lock::Timeout=300 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
        "${php_pkgs[@]}" nginx libnginx-mod-http-headers-more-filter \
        mariadb-server-core mariadb-client-core wordpress curl openssl \
        libphp-phpmailer php-getid3
  } >"$STATE/apt.log" 2>&1 || rc=$?
  if [ $created_policy = 1 ]; then "${SUDO[@]}" rm -f /usr/sbin/policy-rc.d; fi
  if [ $rc != 0 ]; then
    tail -n 30 "$STATE/apt.log" >&2
    die "apt-get failed (full log: $STATE/apt.log)"
  fi
  packages_present || die "packages installed but something is still missing (see $STATE/apt.log)"
  log "packages installed in $(($(now_ms) - t0)) ms"
}

# ---------------------------------------------------------------- down

do_down() {
  airflow_down
  stop_pidfile "$RUN/sandbox.pid" "sandbox/cli.ts" group
  stop_pidfile "$RUN/cdn-block.pid" "$NGX/cdn-block.conf"
  stop_pidfile "$RUN/cdn-pass.pid" "$NGX/cdn-pass.conf"
  stop_pidfile "$RUN/origin.pid" "$NGX/origin.conf"
  stop_pidfile "$RUN/php-fpm.pid" "$STATE/php-fpm.conf"
  stop_pidfile "$RUN/mariadb.pid" "$STATE/mysql"
  # Only remove the WordPress host config if it is the one pointing into this state folder.
  if [ -f "$WP_STUB" ] && grep -qF "'$STATE/wp-config.php'" "$WP_STUB"; then
    "${SUDO[@]}" rm -f "$WP_STUB"
  fi
  if [ "$SOCKS" != "$RUN" ]; then rm -rf "$SOCKS"; fi
}

# ---------------------------------------------------------------- configs

write_php_fpm_conf() {
  local pool_user=""
  if [ "$(id -u)" = 0 ]; then
    pool_user="user = $WEB_USER
group = $WEB_GROUP
listen.owner = $WEB_USER
listen.group = $WEB_GROUP"
  fi
  cat >"$STATE/php-fpm.conf" <<EOF
[global]
pid = $RUN/php-fpm.pid
error_log = $LOGS/php-fpm.log
daemonize = yes

[wordpress]
$pool_user
listen = $SOCKS/php-fpm.sock
listen.mode = 0660
pm = static
pm.max_children = $PHP_WORKERS
catch_workers_output = yes
php_admin_value[error_log] = $LOGS/php-errors.log
php_admin_flag[log_errors] = on
php_admin_flag[display_errors] = off
php_admin_value[upload_max_filesize] = 512M
php_admin_value[post_max_size] = 512M
php_admin_value[memory_limit] = 512M
php_admin_value[max_execution_time] = 120

; Shared hosting's limits, for ORIGIN_HOSTING_URL: a fresh worker per request (as the limits were
; measured: a reused worker makes the outcome a matter of chance), and memory_limit set per request
; by that origin's nginx as PHP_ADMIN_VALUE, which WordPress's wp_raise_memory_limit() cannot lift.
[hosting]
$pool_user
listen = $SOCKS/php-fpm-hosting.sock
listen.mode = 0660
pm = static
pm.max_children = 2
pm.max_requests = 1
catch_workers_output = yes
php_admin_value[error_log] = $LOGS/php-errors-hosting.log
php_admin_flag[log_errors] = on
php_admin_flag[display_errors] = off
php_admin_value[max_execution_time] = 120
EOF
}

nginx_common() { # name → the shared top of every nginx config
  local user_line=""
  if [ "$(id -u)" = 0 ]; then user_line="user $WEB_USER $WEB_GROUP;"; fi
  cat <<EOF
$user_line
worker_processes 1;
pid $RUN/$1.pid;
error_log $LOGS/$1-error.log warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  server_tokens off;
  client_max_body_size 512m;
  client_body_temp_path $NGX/tmp/$1/body;
  proxy_temp_path $NGX/tmp/$1/proxy;
  fastcgi_temp_path $NGX/tmp/$1/fastcgi;
  uwsgi_temp_path $NGX/tmp/$1/uwsgi;
  scgi_temp_path $NGX/tmp/$1/scgi;
  # One JSON object per line; "upstream" is empty when nginx answered by itself.
  log_format e2e escape=json '{"time":\$msec,"method":"\$request_method","uri":"\$request_uri",'
    '"status":\$status,"upstream":"\$upstream_addr","upstream_status":"\$upstream_status",'
    '"request_id":"\$request_id","request_length":\$request_length,"bytes_sent":\$bytes_sent,'
    '"content_length":"\$content_length","request_time":\$request_time}';
  access_log $LOGS/$1-access.log e2e;
  # Every server here speaks https with the certificate of make_tls; the CDNs check the origin's.
  ssl_certificate $TLS/server.pem;
  ssl_certificate_key $TLS/server.key;
  proxy_ssl_trusted_certificate $TLS/ca.pem;
  proxy_ssl_verify on;
  # nginx checks the name with X509_check_host, which matches no IP address: use the DNS one.
  proxy_ssl_name localhost;
EOF
}

write_origin_conf() {
  {
    nginx_common origin
    cat <<EOF
  server {
    listen 127.0.0.1:$ORIGIN_PORT ssl;
    root $WP_ROOT;
    index index.php;

    location ^~ /wp-content/ {
      alias $STATE/wp-content/;
    }
    location / {
      try_files \$uri \$uri/ /index.php?\$args;
    }
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      # Debian's fastcgi_params passes \$host, which drops the port: on a port other than 80,
      # WordPress's canonical redirect would then send every front-end page to itself.
      fastcgi_param HTTP_HOST \$http_host;
      fastcgi_param WORDPRESS_CONFIG $WP_CONFIG_NAME;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      fastcgi_pass unix:$SOCKS/php-fpm.sock;
      fastcgi_read_timeout 180s;
    }
  }
  # The same WordPress as shared hosting runs it: the low-memory pool, a body limit, and nginx
  # naming its version (server_tokens on) as a stock origin does.
  server {
    listen 127.0.0.1:$ORIGIN_HOSTING_PORT ssl;
    root $WP_ROOT;
    index index.php;
    server_tokens on;
    client_max_body_size $ORIGIN_BODY_LIMIT;

    location ^~ /wp-content/ {
      alias $STATE/wp-content/;
    }
    location / {
      try_files \$uri \$uri/ /index.php?\$args;
    }
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param HTTP_HOST \$http_host;
      fastcgi_param WORDPRESS_CONFIG $WP_CONFIG_NAME;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      # While the flag exists, post-process gets too little memory even to load the image.
      set \$e2e_memory $HOSTING_MEMORY;
      set \$e2e_starve "";
      if (-f $FLAGS/starve-post-process) { set \$e2e_starve S; }
      if (\$request_uri ~ "/post-process") { set \$e2e_starve "\${e2e_starve}P"; }
      if (\$e2e_starve = SP) { set \$e2e_memory $STARVED_MEMORY; }
      fastcgi_param PHP_ADMIN_VALUE "memory_limit=\$e2e_memory";
      fastcgi_pass unix:$SOCKS/php-fpm-hosting.sock;
      fastcgi_read_timeout 180s;
    }
  }
  # The same WordPress on a host that caps the requests it serves at once: nginx counts those whose
  # headers it has read and not yet answered, and refuses the rest at once with 508, as CloudLinux
  # does above its entry-process limit ("Resource Limit Is Reached").
  limit_conn_zone \$server_port zone=e2e_capped:1m;
  server {
    listen 127.0.0.1:$ORIGIN_CAPPED_PORT ssl;
    root $WP_ROOT;
    index index.php;
    access_log $LOGS/origin-capped-access.log e2e;
    limit_conn e2e_capped $CAPPED_AT_ONCE;
    limit_conn_status 508;
    limit_conn_log_level info;

    location ^~ /wp-content/ {
      alias $STATE/wp-content/;
    }
    location / {
      try_files \$uri \$uri/ /index.php?\$args;
    }
    location ~ \.php\$ {
      try_files \$uri =404;
      include /etc/nginx/fastcgi_params;
      fastcgi_param HTTP_HOST \$http_host;
      fastcgi_param WORDPRESS_CONFIG $WP_CONFIG_NAME;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      fastcgi_pass unix:$SOCKS/php-fpm.sock;
      fastcgi_read_timeout 180s;
    }
  }
}
EOF
  } >"$NGX/origin.conf"
}

# The /api/ location: Airflow-like sandbox behind the CDN; POSTs blocked while a flag file exists.
api_location() { # flavour
  local block=""
  if [ "$1" = block ]; then
    block="      set \$e2e_block \"\";
      if (-f $FLAGS/block-posts) { set \$e2e_block F; }
      if (-f $FLAGS/block-api-posts) { set \$e2e_block F; }
      if (\$request_method = POST) { set \$e2e_block \"\${e2e_block}P\"; }
      if (\$e2e_block = FP) { return 405; }"
  fi
  cat <<EOF
    location /api/ {
$block
      proxy_pass http://127.0.0.1:$SANDBOX_PORT;
      proxy_set_header Host 127.0.0.1:$SANDBOX_PORT;
      proxy_connect_timeout 5s;
      proxy_read_timeout 120s;
    }
EOF
}

check_php_workers() {
  if ! [[ $PHP_WORKERS =~ ^[0-9]+$ ]] || [ "$PHP_WORKERS" -lt 1 ] || [ "$PHP_WORKERS" -gt 64 ]; then
    die "E2E_PHP_WORKERS must be a whole number from 1 to 64 (got '$PHP_WORKERS')"
  fi
}

check_pass_posts() {
  if ! [[ $CDN_PASS_POSTS =~ ^[0-9]+$ ]] || [ "$CDN_PASS_POSTS" -lt 1 ]; then
    die "CDN_PASS_POSTS must be a whole number ≥ 1 (got '$CDN_PASS_POSTS')"
  fi
}

write_cdn_block_conf() {
  local n=$CDN_PASS_POSTS burst=""
  check_pass_posts
  # nginx refuses burst=0: N=1 means no burst at all.
  if [ "$n" -gt 1 ]; then burst=" burst=$((n - 1)) nodelay"; fi
  {
    echo "load_module $HEADERS_MORE;"
    nginx_common cdn-block
    cat <<EOF
  # Only POSTs get a key; requests with an empty key are never counted.
  map \$request_method \$e2e_post_key { POST post; default ""; }
  # 1 request a minute plus a burst: the first N POSTs pass, the rest get the stock 405 page.
  limit_req_zone \$e2e_post_key zone=e2e_posts:1m rate=1r/m;
  limit_req_status 405;
  limit_req_log_level info;
  # reset-cdn kills this nginx; a client's pooled keep-alive socket to it would then fail on its
  # next request ("other side closed"), so every response closes the connection.
  keepalive_timeout 0;
  server {
    listen 127.0.0.1:$CDN_BLOCK_PORT ssl;
    more_set_headers "Server: $CDN_NAME";
    more_set_headers "x-cdn-request-id: \$request_id-$BLOCK_EDGE";
$(api_location block)
    location / {
      set \$e2e_block "";
      if (-f $FLAGS/block-posts) { set \$e2e_block F; }
      if (\$request_method = POST) { set \$e2e_block "\${e2e_block}P"; }
      if (\$e2e_block = FP) { return 405; }
      limit_req zone=e2e_posts$burst;
      proxy_pass https://127.0.0.1:$ORIGIN_PORT;
      proxy_set_header Host 127.0.0.1:$ORIGIN_PORT;
      proxy_set_header X-Forwarded-For \$remote_addr;
      # Pass Location through as the origin wrote it, like every other URL WordPress returns.
      proxy_redirect off;
      proxy_read_timeout 180s;
    }
  }
}
EOF
  } >"$NGX/cdn-block.conf"
}

write_cdn_pass_conf() {
  {
    echo "load_module $HEADERS_MORE;"
    nginx_common cdn-pass
    cat <<EOF
  server {
    listen 127.0.0.1:$CDN_PASS_PORT ssl;
    more_set_headers "Server: $CDN_NAME";
    more_set_headers "x-cdn-request-id: \$request_id-$PASS_EDGE";
$(api_location pass)
    location / {
      proxy_pass https://127.0.0.1:$ORIGIN_PORT;
      proxy_set_header Host 127.0.0.1:$ORIGIN_PORT;
      proxy_set_header X-Forwarded-For \$remote_addr;
      # Pass Location through as the origin wrote it, like every other URL WordPress returns.
      proxy_redirect off;
      proxy_read_timeout 180s;
    }
  }
  # A CDN with its own body limit, in front of the hosting origin (whose limit is larger).
  server {
    listen 127.0.0.1:$CDN_LIMIT_PORT ssl;
    client_max_body_size $CDN_BODY_LIMIT;
    more_set_headers "Server: $CDN_NAME";
    more_set_headers "x-cdn-request-id: \$request_id-$LIMIT_EDGE";
    location / {
      proxy_pass https://127.0.0.1:$ORIGIN_HOSTING_PORT;
      proxy_set_header Host 127.0.0.1:$ORIGIN_HOSTING_PORT;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_redirect off;
      proxy_read_timeout 180s;
    }
  }
}
EOF
  } >"$NGX/cdn-pass.conf"
}

# A CA of this `up` and a certificate for 127.0.0.1 and localhost signed by it: WordPress meets
# https as real sites serve it (7.1 offers client-side media processing only over https or on
# localhost), and clients trust it with NODE_EXTRA_CA_CERTS=$TLS/ca.pem (TLS_CA_FILE).
make_tls() {
  mkdir -p "$TLS"
  local ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  openssl req -x509 "${ec[@]}" -days 30 -subj "/CN=e2e stack CA $(basename "$STATE")" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign \
    -keyout "$TLS/ca.key" -out "$TLS/ca.pem" 2>"$LOGS/tls.log" &&
    openssl req -new "${ec[@]}" -subj /CN=127.0.0.1 -keyout "$TLS/server.key" -out "$TLS/server.csr" 2>>"$LOGS/tls.log" &&
    printf '%s\n' subjectAltName=IP:127.0.0.1,DNS:localhost basicConstraints=critical,CA:FALSE \
      keyUsage=critical,digitalSignature extendedKeyUsage=serverAuth >"$TLS/server.ext" &&
    openssl x509 -req -in "$TLS/server.csr" -CA "$TLS/ca.pem" -CAkey "$TLS/ca.key" -CAcreateserial \
      -days 30 -extfile "$TLS/server.ext" -out "$TLS/server.pem" 2>>"$LOGS/tls.log" ||
    { cat "$LOGS/tls.log" >&2; die "could not make the stack's certificates"; }
  chmod 600 "$TLS/ca.key" "$TLS/server.key"
  chmod 644 "$TLS/ca.pem" "$TLS/server.pem"
}

start_nginx() { # name port
  mkdir -p "$NGX/tmp/$1"
  /usr/sbin/nginx -p "$NGX/" -c "$NGX/$1.conf" -e "$LOGS/$1-error.log" ||
    { tail -n 20 "$LOGS/$1-error.log" >&2 || true; die "nginx $1 did not start"; }
  wait_for 10 "nginx $1 on port $2" port_open "$2"
}

# ---------------------------------------------------------------- up

on_up_exit() {
  local rc=$?
  [ "$rc" = 0 ] && return 0
  airflow_abandon_install
  log "up failed (exit $rc${FAILED_LINE:+, line $FAILED_LINE}); last log lines:"
  for f in "$LOGS"/*.log; do
    [ -s "$f" ] || continue
    printf '  --- %s\n' "$f" >&2
    tail -n 8 "$f" | sed 's/^/  /' >&2
  done
  log "the stack may be half up: 'e2e/stack.sh down' cleans it"
}

do_up() {
  local t0 t
  t0=$(now_ms)
  # Say where it failed and show the daemons' logs: on CI that is all there is to go on.
  set -o errtrace
  trap 'FAILED_LINE=${FAILED_LINE:-$LINENO}' ERR
  trap on_up_exit EXIT

  if [ -n "$(ls -A "$STATE")" ] && [ ! -f "$MARKER" ]; then
    die "$STATE is not empty and was not made by this script; refusing to wipe it"
  fi
  touch "$MARKER"

  # pip takes the better part of a minute the first time: let it run while apt and WordPress work.
  airflow_start_install
  wordpress_start_fetch
  ensure_packages
  FPM=$(php_fpm_bin)
  PHP_VERSION=${FPM#/usr/sbin/php-fpm}
  PHP=/usr/bin/php$PHP_VERSION
  php_complete "$PHP_VERSION" || die "PHP $PHP_VERSION lacks an extension (mysqli gd dom mbstring intl curl)"
  case "$STATE" in *"'"* | *'"'* | *' '*) die "E2E_STATE must not contain quotes or spaces: $STATE" ;; esac

  # Start from nothing each time: a previous run's leftovers would change ids and counts.
  do_down
  # Airflow's venvs (one per E2E_AIRFLOW) stay while their locks are the same (airflow_install
  # checks); this one may be being filled.
  find "$STATE" -mindepth 1 -maxdepth 1 ! -name apt.log ! -name "$(basename "$MARKER")" \
    ! -name 'airflow*-venv' ! -name 'airflow*-pip.log' ! -name 'wordpress-*' -exec rm -rf {} +
  mkdir -p "$RUN" "$LOGS" "$FLAGS" "$NGX/tmp" "$SOCKS" "$STATE/wp-content/uploads" \
    "$STATE/wp-content/plugins" "$STATE/wp-content/themes" "$STATE/fixtures"
  chmod 755 "$SOCKS"
  wordpress_prepare
  make_tls

  # Daemons run as www-data when we are root and www-data can reach the state folder; otherwise as
  # the invoking user (php-fpm needs -R to run a pool as root).
  FPM_ARGS=()
  if [ "$(id -u)" = 0 ]; then
    if id www-data >/dev/null 2>&1 && runuser -u www-data -- test -x "$STATE/wp-content"; then
      WEB_USER=www-data WEB_GROUP=www-data
    else
      log "www-data cannot reach $STATE; running the web processes as root"
      WEB_USER=root WEB_GROUP=root FPM_ARGS=(-R)
    fi
    chown -R "$WEB_USER:$WEB_GROUP" "$STATE/wp-content"
  else
    WEB_USER=$(id -un) WEB_GROUP=$(id -gn)
  fi

  read -r ORIGIN_PORT CDN_BLOCK_PORT CDN_PASS_PORT SPARE_PORT ORIGIN_HOSTING_PORT CDN_LIMIT_PORT \
    ORIGIN_CAPPED_PORT AIRFLOW_PORT <<<"$(free_ports 8)"
  ORIGIN_URL=https://127.0.0.1:$ORIGIN_PORT
  CDN_PASS_POSTS=${CDN_PASS_POSTS:-2}
  check_pass_posts
  PHP_WORKERS=${E2E_PHP_WORKERS:-4}
  check_php_workers
  SANDBOX_STARTED=0
  SANDBOX_TOKEN=
  if [ -n "${SANDBOX_PORT:-}" ]; then SANDBOX_EXTERNAL=1; else SANDBOX_EXTERNAL=0 SANDBOX_PORT=$SPARE_PORT; fi

  # The sandbox (node + tsx) takes a moment to boot; let it do so while the rest starts.
  start_sandbox

  # MariaDB: socket only, throwaway data. An empty data folder with --skip-grant-tables spares
  # mariadb-install-db (1-3 s of fsync-bound bootstrap); no account matters on a private socket.
  t=$(now_ms)
  local db_user_args=()
  if [ "$(id -u)" = 0 ]; then db_user_args=(--user=root); fi
  mkdir -p "$STATE/mysql"
  setsid /usr/sbin/mariadbd --no-defaults "${db_user_args[@]}" --datadir="$STATE/mysql" \
    --socket="$SOCKS/mysqld.sock" --pid-file="$RUN/mariadb.pid" --skip-networking \
    --skip-grant-tables --log-error="$LOGS/mariadb.log" --skip-name-resolve --skip-log-bin \
    --innodb-flush-log-at-trx-commit=0 --innodb-doublewrite=0 --innodb-log-file-size=8M \
    --innodb-buffer-pool-size=64M </dev/null >/dev/null 2>&1 &

  # WordPress: Debian's wp-config.php loads /etc/wordpress/config-$WP_CONFIG_NAME.php (see WP_STUB).
  local salts="" k
  for k in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
    salts+="define('$k', '$(head -c 32 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')');"$'\n'
  done
  cat >"$STATE/wp-config.php" <<EOF
<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', 'unused-without-grant-tables');
define('DB_HOST', 'localhost:$SOCKS/mysqld.sock');
define('DB_CHARSET', 'utf8mb4');
$salts
define('WP_HOME', '$ORIGIN_URL');
define('WP_SITEURL', '$ORIGIN_URL');
define('WP_CONTENT_DIR', '$STATE/wp-content');
define('WP_CONTENT_URL', '$ORIGIN_URL/wp-content');
// The site is served over https; 'local' also lets application passwords work should a test ask
// over plain http.
define('WP_ENVIRONMENT_TYPE', 'local');
// No network here: keep WordPress from calling home or running cron over loopback.
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('FS_METHOD', 'direct');
define('WP_DEBUG', false);
EOF
  chmod 644 "$STATE/wp-config.php"
  [ -d /etc/wordpress ] || "${SUDO[@]}" mkdir -p /etc/wordpress
  printf "<?php\n// Written by e2e/stack.sh; removed by its 'down'.\nrequire '%s';\n" "$STATE/wp-config.php" |
    "${SUDO[@]}" tee "$WP_STUB" >/dev/null
  "${SUDO[@]}" chmod 644 "$WP_STUB"

  # The web servers need no database to start.
  write_php_fpm_conf
  "$FPM" "${FPM_ARGS[@]}" --fpm-config "$STATE/php-fpm.conf" ||
    { tail -n 20 "$LOGS/php-fpm.log" >&2 || true; die "php-fpm did not start"; }
  write_origin_conf
  write_cdn_block_conf
  write_cdn_pass_conf
  start_nginx origin "$ORIGIN_PORT"
  start_nginx cdn-block "$CDN_BLOCK_PORT"
  start_nginx cdn-pass "$CDN_PASS_PORT"
  wait_for 10 "php-fpm socket" test -S "$SOCKS/php-fpm.sock"
  wait_for 10 "php-fpm hosting socket" test -S "$SOCKS/php-fpm-hosting.sock"

  "$PHP" "$HERE/make-fixtures.php" "$STATE/fixtures" >"$LOGS/fixtures.log" 2>&1 &
  local fixtures_pid=$!

  wait_for 30 "MariaDB" mariadb --no-defaults --socket="$SOCKS/mysqld.sock" -e 'SELECT 1'
  mariadb --no-defaults --socket="$SOCKS/mysqld.sock" -e 'CREATE DATABASE wordpress CHARACTER SET utf8mb4'
  log "mariadb, php-fpm and nginx ready in $(($(now_ms) - t)) ms"

  t=$(now_ms)
  local run_as=()
  if [ "$(id -u)" = 0 ] && [ "$WEB_USER" != root ]; then run_as=(runuser -u "$WEB_USER" --); fi
  local admin_password
  admin_password=$(head -c 18 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
  # The installer runs as the web user, so the file it reports into must be theirs.
  : >"$STATE/wp-install.env"
  if [ ${#run_as[@]} -gt 0 ]; then chown "$WEB_USER" "$STATE/wp-install.env"; fi
  E2E_ORIGIN_URL=$ORIGIN_URL E2E_ADMIN_PASSWORD=$admin_password E2E_OUT=$STATE/wp-install.env \
    E2E_WP_CONFIG=$WP_CONFIG_NAME E2E_WP_ROOT=$WP_ROOT \
    "${run_as[@]}" "$PHP" "$HERE/wp-install.php" >"$LOGS/wp-install.log" 2>&1 ||
    { tail -n 30 "$LOGS/wp-install.log" >&2; die "WordPress install failed"; }
  log "wordpress installed in $(($(now_ms) - t)) ms"

  airflow_up
  wait "$fixtures_pid" || { cat "$LOGS/fixtures.log" >&2; die "could not make image fixtures"; }
  await_sandbox
  airflow_await
  write_env_file "$admin_password"
  check_stack
  log "up in $(($(now_ms) - t0)) ms: origin $ORIGIN_URL, cdn-block :$CDN_BLOCK_PORT, cdn-pass :$CDN_PASS_PORT; env in $ENV_FILE"
}

start_sandbox() {
  if [ "$SANDBOX_EXTERNAL" = 1 ] || [ "${E2E_SANDBOX:-1}" = 0 ] || [ ! -f "$REPO/sandbox/cli.ts" ]; then
    return 0
  fi
  # node --import tsx keeps it one process, so its PID is the server's own.
  # E2E_SANDBOX_ARGS: extra sandbox/cli.ts options, e.g. "--duplicate-style airflow2".
  # shellcheck disable=SC2086
  (cd "$REPO" && exec setsid node --import tsx sandbox/cli.ts --port "$SANDBOX_PORT" ${E2E_SANDBOX_ARGS:-} \
    </dev/null >"$LOGS/sandbox.log" 2>&1) &
  echo $! >"$RUN/sandbox.pid"
}

await_sandbox() {
  if [ "$SANDBOX_EXTERNAL" = 1 ]; then
    log "proxying /api/ to the sandbox on port $SANDBOX_PORT (started elsewhere)"
    return 0
  fi
  if [ ! -f "$RUN/sandbox.pid" ]; then
    log "sandbox not started (sandbox/cli.ts missing or E2E_SANDBOX=0); /api/ answers 502 until one listens on $SANDBOX_PORT"
    return 0
  fi
  local i
  for ((i = 0; i < 1000; i++)); do
    if grep -q "sandbox listening on" "$LOGS/sandbox.log" 2>/dev/null; then SANDBOX_STARTED=1; break; fi
    pid_alive "$(cat "$RUN/sandbox.pid")" || break
    sleep 0.02
  done
  if [ "$SANDBOX_STARTED" = 1 ]; then
    SANDBOX_TOKEN=$(sed -n 's/.*airflow bearer token: \([^ ]*\).*/\1/p' "$LOGS/sandbox.log" | head -n1)
    log "sandbox listening on port $SANDBOX_PORT"
  else
    log "warning: the sandbox did not come up (see $LOGS/sandbox.log); /api/ answers 502"
    tail -n 10 "$LOGS/sandbox.log" >&2 || true
    stop_pidfile "$RUN/sandbox.pid" "sandbox/cli.ts" group
  fi
}

write_env_file() {
  local admin_password=$1
  cat >"$ENV_FILE.tmp" <<EOF
E2E_STATE=$STATE
STACK_SCRIPT=$HERE/stack.sh
ORIGIN_URL=$ORIGIN_URL
CDN_BLOCK_URL=https://127.0.0.1:$CDN_BLOCK_PORT
CDN_PASS_URL=https://127.0.0.1:$CDN_PASS_PORT
ORIGIN_PORT=$ORIGIN_PORT
CDN_BLOCK_PORT=$CDN_BLOCK_PORT
CDN_PASS_PORT=$CDN_PASS_PORT
ORIGIN_HOSTING_URL=https://127.0.0.1:$ORIGIN_HOSTING_PORT
HOSTING_MEMORY=$HOSTING_MEMORY
STARVED_MEMORY=$STARVED_MEMORY
STARVE_POST_PROCESS_FLAG=$FLAGS/starve-post-process
ORIGIN_BODY_LIMIT=$ORIGIN_BODY_LIMIT
CDN_LIMIT_URL=https://127.0.0.1:$CDN_LIMIT_PORT
ORIGIN_CAPPED_URL=https://127.0.0.1:$ORIGIN_CAPPED_PORT
ORIGIN_CAPPED_AT_ONCE=$CAPPED_AT_ONCE
ORIGIN_CAPPED_ACCESS_LOG=$LOGS/origin-capped-access.log
PHP_WORKERS=$PHP_WORKERS
CDN_LIMIT_EDGE_ID=$LIMIT_EDGE
CDN_BODY_LIMIT=$CDN_BODY_LIMIT
UPLOADS_DIR=$STATE/wp-content/uploads
WEB_USER=$WEB_USER
CDN_NAME=$CDN_NAME
CDN_BLOCK_EDGE_ID=$BLOCK_EDGE
CDN_PASS_EDGE_ID=$PASS_EDGE
CDN_PASS_POSTS=$CDN_PASS_POSTS
CDN_PASS_POSTS_DEFAULT=$CDN_PASS_POSTS
CDN_ACCESS_LOG=$LOGS/cdn-block-access.log
CDN_PASS_ACCESS_LOG=$LOGS/cdn-pass-access.log
ORIGIN_ACCESS_LOG=$LOGS/origin-access.log
CDN_BLOCK_POSTS_FLAG=$FLAGS/block-posts
CDN_BLOCK_API_POSTS_FLAG=$FLAGS/block-api-posts
WP_REST_PREFIX=/wp-json
WORDPRESS=$WP_WANT
WP_PACKAGE_VERSION=$WP_PACKAGE_VERSION
WP_ROOT=$WP_ROOT
TLS_CA_FILE=$TLS/ca.pem
WP_MEDIA_PATH=/wp-json/wp/v2/media
WP_LOGIN_PASSWORD=$admin_password
$(cat "$STATE/wp-install.env")
SANDBOX_PORT=$SANDBOX_PORT
SANDBOX_URL=http://127.0.0.1:$SANDBOX_PORT
SANDBOX_STARTED=$SANDBOX_STARTED
SANDBOX_TOKEN=$SANDBOX_TOKEN
SANDBOX_LOG=$LOGS/sandbox.log
FIXTURES_DIR=$STATE/fixtures
PHP_BIN=$PHP
PHP_VERSION=$PHP_VERSION
MARIADB_SOCKET=$SOCKS/mysqld.sock
LOGS_DIR=$LOGS
MARIADB_PID_FILE=$RUN/mariadb.pid
PHP_FPM_PID_FILE=$RUN/php-fpm.pid
ORIGIN_PID_FILE=$RUN/origin.pid
CDN_BLOCK_PID_FILE=$RUN/cdn-block.pid
CDN_PASS_PID_FILE=$RUN/cdn-pass.pid
SANDBOX_PID_FILE=$RUN/sandbox.pid
$(airflow_env_lines)
EOF
  mv "$ENV_FILE.tmp" "$ENV_FILE"
  write_env_json
}

write_env_json() {
  node -e '
    const fs = require("fs")
    const out = {}
    for (const line of fs.readFileSync(process.argv[1], "utf8").split("\n")) {
      const at = line.indexOf("=")
      if (at > 0) out[line.slice(0, at)] = line.slice(at + 1)
    }
    fs.writeFileSync(process.argv[2], JSON.stringify(out, null, 2) + "\n")' "$ENV_FILE" "$STATE/stack.json"
}

check_stack() {
  local user pw code
  user=$(env_get WP_USER)
  pw=$(env_get WP_APP_PASSWORD)
  code=$(curl -s --cacert "$TLS/ca.pem" -o /dev/null -w '%{http_code}' -u "$user:$pw" "$ORIGIN_URL/wp-json/wp/v2/users/me")
  [ "$code" = 200 ] || die "the application password is not accepted by the origin (HTTP $code)"
  curl -s --cacert "$TLS/ca.pem" -D - -o /dev/null "https://127.0.0.1:$CDN_BLOCK_PORT/wp-json/" | grep -qi "^server: $CDN_NAME" ||
    die "the blocking CDN does not answer as $CDN_NAME"
  curl -s --cacert "$TLS/ca.pem" -D - -o /dev/null "https://127.0.0.1:$CDN_PASS_PORT/wp-json/" | grep -qi '^link: .*api.w.org' ||
    die "the pass-through CDN does not reach WordPress"
}

# ---------------------------------------------------------------- reset-cdn

do_reset_cdn() {
  [ -f "$ENV_FILE" ] || die "no $ENV_FILE: run 'e2e/stack.sh up' first"
  # Never bring a lone CDN back after 'down' (it would outlive the stack).
  local origin_pid
  origin_pid=$(tr -dc 0-9 2>/dev/null <"$RUN/origin.pid" || true)
  if [ -z "$origin_pid" ] || ! pid_alive "$origin_pid"; then die "the stack is not up (origin nginx is down)"; fi
  ORIGIN_PORT=$(env_get ORIGIN_PORT)
  CDN_BLOCK_PORT=$(env_get CDN_BLOCK_PORT)
  SANDBOX_PORT=$(env_get SANDBOX_PORT)
  # Each reset starts from the count chosen at 'up' unless told otherwise, so tests stay independent.
  CDN_PASS_POSTS=${CDN_PASS_POSTS:-$(env_get CDN_PASS_POSTS_DEFAULT)}
  if [ "$(id -u)" = 0 ]; then
    WEB_USER=$(sed -n 's/^user \([^ ]*\) \([^;]*\);$/\1/p' "$NGX/cdn-block.conf")
    WEB_GROUP=$(sed -n 's/^user \([^ ]*\) \([^;]*\);$/\2/p' "$NGX/cdn-block.conf")
  fi
  write_cdn_block_conf
  # A reload would keep the limit_req zone (and its count); only a new master starts from zero.
  stop_pidfile "$RUN/cdn-block.pid" "$NGX/cdn-block.conf"
  start_nginx cdn-block "$CDN_BLOCK_PORT"
  sed -i "s/^CDN_PASS_POSTS=.*/CDN_PASS_POSTS=$CDN_PASS_POSTS/" "$ENV_FILE"
  write_env_json
}

do_status() {
  local f pid
  for f in mariadb php-fpm origin cdn-block cdn-pass sandbox; do
    pid=$(cat "$RUN/$f.pid" 2>/dev/null || true)
    if [ -n "$pid" ] && pid_alive "$pid"; then echo "$f: up (pid $pid)"; else echo "$f: down"; fi
  done
  airflow_status
}

case "${1:-}" in
  up) do_up ;;
  down)
    t=$(now_ms)
    do_down
    log "down in $(($(now_ms) - t)) ms"
    ;;
  reset-cdn) do_reset_cdn ;;
  status) do_status ;;
  *)
    echo "usage: $0 up|down|reset-cdn|status" >&2
    exit 2
    ;;
esac
