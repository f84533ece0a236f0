import { createReadStream } from "node:fs";
import { stat as fileStat, unlink } from "node:fs/promises";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { checkKey, type ByteRange, type MediaStorage } from "./storage.server";

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** How long a presigned address works: long enough to start playing, short enough not to share. */
export const PRESIGNED_SECONDS = 300;

/**
 * Media bytes in an S3-compatible bucket (AWS, MinIO, R2, …), addressed path-style
 * (`endpoint/bucket/key`) so any such server works and the page CSP needs one origin.
 */
export class S3Storage implements MediaStorage {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
    });
  }

  async putFile(key: string, localPath: string, contentType: string): Promise<void> {
    const { size } = await fileStat(localPath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: createReadStream(localPath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    await unlink(localPath);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }),
      );
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return null;
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    const body = object.Body;
    if (!body) throw new Error(`S3 object without a body: ${key}`);
    return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async directUrl(
    key: string,
    options: { contentType: string; download?: string },
  ): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        ResponseContentType: options.contentType,
        ...(options.download
          ? {
              ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(options.download)}`,
            }
          : {}),
      }),
      { expiresIn: PRESIGNED_SECONDS },
    );
  }

  /** Closes the client's connections (tests). */
  destroy(): void {
    this.client.destroy();
  }
}
