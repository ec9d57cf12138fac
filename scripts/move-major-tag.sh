#!/usr/bin/env bash
# Points the major tag (v1) at a release tag vX.Y.Z and pushes it, so that workflows using
# `@v1` get the release: the convention of the toolkit's own actions.
#
#   scripts/move-major-tag.sh vX.Y.Z [remote]      remote defaults to origin
#
# Refuses a tag that is not vX.Y.Z (a pre-release does not move the major tag), and a release
# that is not a descendant of the commit the major tag names now (a fix for an older minor must
# not take @v1 users back).
set -euo pipefail

die() {
  echo "move-major-tag: $*" >&2
  exit 1
}

tag=${1:-}
remote=${2:-origin}
[[ $tag =~ ^v([0-9]+)\.[0-9]+\.[0-9]+$ ]] || die "expected a release tag vX.Y.Z, got '$tag'"
major=v${BASH_REMATCH[1]}

commit=$(git rev-parse --verify --quiet "refs/tags/$tag^{commit}") || die "no tag $tag here"
if previous=$(git rev-parse --verify --quiet "refs/tags/$major^{commit}"); then
  git merge-base --is-ancestor "$previous" "$commit" ||
    die "$major is at ${previous:0:12}, which $tag does not contain: not moving it back"
  echo "$major: ${previous:0:12} -> ${commit:0:12} ($tag)"
else
  echo "$major: new, at ${commit:0:12} ($tag)"
fi

git tag --force "$major" "$commit" >/dev/null
git push --force "$remote" "refs/tags/$major"
