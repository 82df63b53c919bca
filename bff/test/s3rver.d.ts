/** The part of s3rver (a small S3-compatible server, no types of its own) the tests use. */
declare module "s3rver" {
  import type { Server } from "node:http"
  import type { AddressInfo } from "node:net"

  type S3rverOptions = {
    address?: string
    port?: number
    silent?: boolean
    directory: string
    resetOnClose?: boolean
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[]
  }

  export default class S3rver {
    constructor(options: S3rverOptions)
    httpServer?: Server
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
