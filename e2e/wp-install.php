<?php
// Installs WordPress from the PHP command line (Debian packages no wp-cli) and creates the
// users and application passwords the end-to-end tests use. Writes them as KEY=VALUE lines to $E2E_OUT.
//
// Environment: E2E_ORIGIN_URL (https://127.0.0.1:PORT), E2E_ADMIN_PASSWORD, E2E_OUT, E2E_WP_CONFIG,
// E2E_WP_ROOT (the WordPress to install, /usr/share/wordpress unless e2e/wordpress.sh unpacked another).

$origin = getenv('E2E_ORIGIN_URL');
$adminPassword = getenv('E2E_ADMIN_PASSWORD');
$out = getenv('E2E_OUT');
$config = getenv('E2E_WP_CONFIG');
if (!$origin || !$adminPassword || !$out || !$config) {
    fwrite(STDERR, "E2E_ORIGIN_URL, E2E_ADMIN_PASSWORD, E2E_OUT and E2E_WP_CONFIG are required\n");
    exit(2);
}
$url = parse_url($origin);

// Debian's wp-config.php loads /etc/wordpress/config-<WORDPRESS_CONFIG>.php, as nginx names it.
$_SERVER['WORDPRESS_CONFIG'] = $config;
$_SERVER['HTTP_HOST'] = $url['host'] . ':' . $url['port'];
$_SERVER['SERVER_NAME'] = $url['host'];
$_SERVER['SERVER_PORT'] = (string) $url['port'];
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
if ($url['scheme'] === 'https') {
    $_SERVER['HTTPS'] = 'on';
}

define('WP_INSTALLING', true);

// Pluggable: the real one sends mail, and there is no mail transport here.
function wp_new_blog_notification($blog_title, $blog_url, $user_id, $password)
{
}

require (getenv('E2E_WP_ROOT') ?: '/usr/share/wordpress') . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/user.php';

function fail($what, $error)
{
    fwrite(STDERR, $what . ': ' . (is_wp_error($error) ? $error->get_error_message() : print_r($error, true)) . "\n");
    exit(1);
}

// Claim a structure during the install so wp_install() skips probing permalinks over loopback HTTP.
$claimPermalinks = fn() => '/%postname%/';
add_filter('pre_option_permalink_structure', $claimPermalinks);
$installed = wp_install('E2E', 'e2e', 'e2e@example.test', false, '', wp_slash($adminPassword));
if (empty($installed['user_id'])) {
    fail('wp_install', $installed);
}
$adminId = (int) $installed['user_id'];
remove_filter('pre_option_permalink_structure', $claimPermalinks);

// /wp-json/ needs pretty permalinks; "soft" flush: the rules live in the database for nginx.
global $wp_rewrite;
$wp_rewrite->set_permalink_structure('/%postname%/');
$wp_rewrite->flush_rules(false);

function app_password($userId, $name)
{
    $created = WP_Application_Passwords::create_new_application_password($userId, ['name' => $name]);
    if (is_wp_error($created)) {
        fail("application password $name", $created);
    }
    return $created;
}

[$adminPassword] = app_password($adminId, 'e2e');

// Well formed and once valid, then revoked: a realistic wrong password.
[$revokedPassword, $revokedItem] = app_password($adminId, 'e2e-revoked');
WP_Application_Passwords::delete_application_password($adminId, $revokedItem['uuid']);

// Logged in but without upload_files: WordPress answers 403, not 401.
$subscriberId = wp_insert_user([
    'user_login' => 'e2e-subscriber',
    'user_pass' => wp_generate_password(24, false),
    'user_email' => 'subscriber@example.test',
    'role' => 'subscriber',
]);
if (is_wp_error($subscriberId)) {
    fail('subscriber', $subscriberId);
}
[$subscriberPassword] = app_password($subscriberId, 'e2e');

// A Contributor may write posts but not upload (no upload_files): 403 rest_cannot_create.
$contributorId = wp_insert_user([
    'user_login' => 'e2e-contributor',
    'user_pass' => wp_generate_password(24, false),
    'user_email' => 'contributor@example.test',
    'role' => 'contributor',
]);
if (is_wp_error($contributorId)) {
    fail('contributor', $contributorId);
}
[$contributorPassword] = app_password($contributorId, 'e2e');

// An Author may upload, and edit their own posts, but no page (edit_pages is an Editor's).
$authorId = wp_insert_user([
    'user_login' => 'e2e-author',
    'user_pass' => wp_generate_password(24, false),
    'user_email' => 'author@example.test',
    'role' => 'author',
]);
if (is_wp_error($authorId)) {
    fail('author', $authorId);
}
[$authorPassword] = app_password($authorId, 'e2e');

// Posts to attach uploads to: a post and a page of the administrator's, and a post dated in a
// month long past, whose uploads go to a month folder that does not exist yet (wp_upload_dir
// with the post's date, as WP_REST_Attachments_Controller::insert_attachment asks for).
function e2e_post($type, $title, $authorId, $date = null)
{
    $post = ['post_type' => $type, 'post_title' => $title, 'post_status' => 'publish', 'post_author' => $authorId];
    if ($date !== null) {
        $post['post_date'] = $date;
        $post['post_date_gmt'] = $date;
    }
    $id = wp_insert_post($post, true);
    if (is_wp_error($id)) {
        fail("$type $title", $id);
    }
    return $id;
}
$postId = e2e_post('post', 'E2E release notes', $adminId);
$pageId = e2e_post('page', 'E2E gallery', $adminId);
$oldPostId = e2e_post('post', 'E2E archive', $adminId, '2019-03-15 10:00:00');

$result = [
    'WP_USER' => 'e2e',
    'WP_USER_ID' => $adminId,
    'WP_APP_PASSWORD' => $adminPassword,
    'WP_REVOKED_APP_PASSWORD' => $revokedPassword,
    'WP_WRONG_APP_PASSWORD' => wp_generate_password(24, false),
    'WP_SUBSCRIBER_USER' => 'e2e-subscriber',
    'WP_SUBSCRIBER_APP_PASSWORD' => $subscriberPassword,
    'WP_CONTRIBUTOR_USER' => 'e2e-contributor',
    'WP_CONTRIBUTOR_APP_PASSWORD' => $contributorPassword,
    'WP_AUTHOR_USER' => 'e2e-author',
    'WP_AUTHOR_APP_PASSWORD' => $authorPassword,
    'WP_POST_ID' => $postId,
    'WP_PAGE_ID' => $pageId,
    'WP_OLD_POST_ID' => $oldPostId,
    'WP_OLD_POST_MONTH' => '2019/03',
    'WP_VERSION' => get_bloginfo('version'),
];
$lines = '';
foreach ($result as $key => $value) {
    $lines .= "$key=$value\n";
}
if (file_put_contents($out, $lines) === false) {
    fail('writing the result', $out);
}
echo "installed WordPress {$result['WP_VERSION']} at $origin\n";
