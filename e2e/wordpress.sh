# shellcheck shell=bash
# Which WordPress the stack runs (sourced by stack.sh; uses its STATE, log, die, now_ms, pid_alive).
#
#   E2E_WORDPRESS=7.1  Debian sid's `wordpress` package (the default: what sites run now)
#   E2E_WORDPRESS=6.8  Debian trixie's
#   E2E_WORDPRESS=6.1  bookworm's, installed by ensure_packages in /usr/share/wordpress
#
# 7.1 and 6.8 are fetched with a private apt source list and state (the system's sources, lists and
# installed packages are left alone), unpacked with dpkg-deb under $STATE/wordpress-<suite>/, and run
# on the system's PHP. Their wp-includes/PHPMailer and ID3 are symlinks into /usr/share/php, which
# bookworm's libphp-phpmailer and php-getid3 fill. The .deb is kept between `up`s;
# E2E_WORDPRESS_REFRESH=1 fetches the suite's current one again.

WP_WANT=${E2E_WORDPRESS:-7.1}
case "$WP_WANT" in
  7.1) WP_SUITE=sid ;;
  6.8) WP_SUITE=trixie ;;
  6.1) WP_SUITE= ;;
  *)
    printf '[stack] error: E2E_WORDPRESS must be 7.1, 6.8 or 6.1 (got %s)\n' "$WP_WANT" >&2
    exit 1
    ;;
esac
WP_CACHE=${WP_SUITE:+$STATE/wordpress-$WP_SUITE}
WP_MIRROR=${E2E_DEBIAN_MIRROR:-http://deb.debian.org/debian}
WP_KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
WP_FETCH_PID=

# Nothing (and no failure, which set -e would end `up` on) when none is there yet.
wordpress_cached_deb() { { compgen -G "$WP_CACHE/wordpress_*_all.deb" || true; } | sort -V | tail -n1; }

# Runs in the background from the start of `up`, while the system's apt works: its lists, cache and
# lock are its own folder's.
wordpress_fetch() {
  local dir=$WP_CACHE/apt sandbox_user
  rm -rf "$dir"
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
  echo "deb [signed-by=$WP_KEYRING] $WP_MIRROR $WP_SUITE main" >"$dir/sources.list"
  # As root apt drops to _apt, who cannot write into the state folder.
  sandbox_user=$(id -un)
  local opts=(-o "Dir::Etc::sourcelist=$dir/sources.list" -o Dir::Etc::sourceparts=-
    -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache" -o "APT::Sandbox::User=$sandbox_user")
  apt-get -q "${opts[@]}" update &&
    (cd "$WP_CACHE" && apt-get -q "${opts[@]}" download wordpress) &&
    rm -rf "$dir"
}

wordpress_start_fetch() {
  [ -n "$WP_SUITE" ] || return 0
  mkdir -p "$WP_CACHE"
  if [ -n "$(wordpress_cached_deb)" ] && [ "${E2E_WORDPRESS_REFRESH:-0}" != 1 ]; then return 0; fi
  [ -f "$WP_KEYRING" ] || die "$WP_KEYRING is missing (package debian-archive-keyring): it signs $WP_SUITE's wordpress"
  rm -f "$WP_CACHE"/wordpress_*.deb
  wordpress_fetch >"$WP_CACHE/fetch.log" 2>&1 &
  WP_FETCH_PID=$!
}

# Sets WP_ROOT to the WordPress of E2E_WORDPRESS, unpacked and with its libraries in reach.
wordpress_prepare() {
  if [ -z "$WP_SUITE" ]; then
    WP_ROOT=/usr/share/wordpress
  else
    local t deb version stamp
    t=$(now_ms)
    if [ -n "$WP_FETCH_PID" ]; then
      wait "$WP_FETCH_PID" || { tail -n 20 "$WP_CACHE/fetch.log" >&2; die "could not fetch $WP_SUITE's wordpress (log: $WP_CACHE/fetch.log)"; }
      log "fetched $WP_SUITE's wordpress package (waited $(($(now_ms) - t)) ms for it)"
      t=$(now_ms)
    fi
    deb=$(wordpress_cached_deb)
    [ -n "$deb" ] || die "no wordpress package in $WP_CACHE"
    version=$(dpkg-deb -f "$deb" Version)
    case "$version" in
      "$WP_WANT".*) ;;
      *) die "$WP_SUITE's wordpress is $version now, not $WP_WANT.x: update e2e/wordpress.sh" ;;
    esac
    WP_ROOT=$WP_CACHE/root/usr/share/wordpress
    stamp=$WP_CACHE/root/.unpacked-from
    if [ "$(cat "$stamp" 2>/dev/null)" != "$(basename "$deb")" ]; then
      rm -rf "$WP_CACHE/root"
      dpkg-deb -x "$deb" "$WP_CACHE/root"
      # The package's links are relative (../../../php/…): under this root they meet these two,
      # which lead to the system's libraries.
      ln -s /usr/share/php "$WP_CACHE/root/usr/share/php"
      ln -s /usr/share/javascript "$WP_CACHE/root/usr/share/javascript"
      basename "$deb" >"$stamp"
      log "unpacked $(basename "$deb") in $(($(now_ms) - t)) ms"
    fi
  fi
  local f
  for f in wp-settings.php wp-config.php wp-includes/PHPMailer/PHPMailer.php \
    wp-includes/PHPMailer/SMTP.php wp-includes/PHPMailer/Exception.php wp-includes/ID3/getid3.php \
    wp-includes/ID3/getid3.lib.php; do
    [ -e "$WP_ROOT/$f" ] || die "$WP_ROOT/$f is missing or a broken link"
  done
  WP_PACKAGE_VERSION=$(wordpress_package_version)
}

wordpress_package_version() {
  if [ -n "$WP_SUITE" ]; then dpkg-deb -f "$(wordpress_cached_deb)" Version; else dpkg-query -W -f '${Version}' wordpress; fi
}
