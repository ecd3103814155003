#!/bin/sh
# Run once per `docker compose up` (object-store-init) with MinIO's root keys: makes the bucket
# and the portal's own user, allowed that bucket's objects and nothing else. Safe to run again.
set -eu
mc alias set store http://object-store:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "store/$S3_BUCKET"
cat >/tmp/ecu-portal-policy.json <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
      "Resource": ["arn:aws:s3:::$S3_BUCKET/*"]
    }
  ]
}
POLICY
mc admin policy create store ecu-portal /tmp/ecu-portal-policy.json
mc admin user add store "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
# Attaching twice is refused ("already attached"): the user then has it, which is what we want.
mc admin policy attach store ecu-portal --user "$S3_ACCESS_KEY_ID" || mc admin user info store "$S3_ACCESS_KEY_ID" | grep -q ecu-portal
