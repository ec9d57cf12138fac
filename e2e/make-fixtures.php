<?php
// Writes small but real images (drawn with GD, so WordPress can make its sub-sizes from them)
// into the folder given as the first argument.

$dir = $argv[1] ?? '';
if ($dir === '' || !is_dir($dir)) {
    fwrite(STDERR, "usage: php make-fixtures.php DIR\n");
    exit(2);
}

function picture(int $width, int $height, int $seed)
{
    // 8-pixel tiles: photo-like enough for JPEG, cheap enough to draw in PHP.
    $im = imagecreatetruecolor($width, $height);
    for ($y = 0; $y < $height; $y += 8) {
        for ($x = 0; $x < $width; $x += 8) {
            $r = (int) ($x * 255 / $width + $seed * 40) % 256;
            $g = (int) ($y * 255 / $height) % 256;
            $b = ($x + $y + $seed * 37) % 256;
            imagefilledrectangle($im, $x, $y, $x + 7, $y + 7, imagecolorallocate($im, $r, $g, $b));
        }
    }
    imagestring($im, 5, 8, 8, "e2e $seed", imagecolorallocate($im, 255, 255, 255));
    return $im;
}

$im = picture(320, 240, 1);
imagejpeg($im, "$dir/photo.jpg", 85);
imagepng($im, "$dir/photo.png");
imagegif($im, "$dir/photo.gif");
if (function_exists('imagewebp')) {
    imagewebp($im, "$dir/photo.webp", 80);
}
// A second, different JPEG for tests that must not upload identical bytes twice.
imagejpeg(picture(320, 240, 2), "$dir/photo-2.jpg", 85);
// Large enough that WordPress generates several sub-sizes (slower uploads).
imagejpeg(picture(1600, 1200, 3), "$dir/large.jpg", 90);
// A JPEG of 20 MiB: a small picture followed by data the decoder ignores. PHP's memory holds the
// whole file twice during an upload (the raw body, then GD's read of the file), so the file's size,
// not its pixels, decides the memory needed, and making its sizes stays quick.
$heavy = fopen("$dir/heavy.jpg", 'wb');
ob_start();
imagejpeg(picture(1600, 1200, 5), null, 90);
fwrite($heavy, ob_get_clean());
for ($i = 0; $i < 20; $i++) {
    fwrite($heavy, random_bytes(1024 * 1024));
}
fclose($heavy);
// A type missing from WordPress's allowed list: the upload fails at the origin.
file_put_contents("$dir/not-allowed.sh", "#!/bin/sh\necho refused\n");

foreach (glob("$dir/*") as $file) {
    echo basename($file), ' ', filesize($file), "\n";
}
