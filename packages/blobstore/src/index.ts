export { checkedBlobKey, InvalidBlobKeyError, type BlobStore } from './blob-store';
export { openFileBlobStore, type FileBlobStoreOptions } from './file-blob-store';
export { openMongoBlobStore, type MongoBlobStoreOptions } from './mongo-blob-store';
