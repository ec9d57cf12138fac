export const id = 92;
export const ids = [92];
export const modules = {

/***/ 2711:
/***/ ((__unused_webpack_module, exports, __webpack_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.Hash = void 0;
var serde_1 = __webpack_require__(2430);
Object.defineProperty(exports, "Hash", ({ enumerable: true, get: function () { return serde_1.Hash; } }));


/***/ })

};
