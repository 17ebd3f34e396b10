export { blobStoreContract, type BlobStoreLocation } from './blob-store-contract';
